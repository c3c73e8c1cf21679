// Recipes with a top-level `hpi:` key (corpus/recipes/hpi.*.yaml): an archive described member by
// member, rendered by the test-side HPI writer. Keys:
//   version (default 0x00010000), key (v1 XOR key word), footer (default true),
//   compress_directory (v2), hpipack_lz77 (LZ77 chunks as HPIPack writes them), files: [{path (or
//   path_hex: its bytes), method: stored|lz77|zlib, obfuscate, and one of text | hex | fill: {byte,
//   size} | sample: {size, seed} | gaf: [ENTRY NAMES, a name given as {hex: BYTES} up to 32 bytes]
//   | archive: {...}}], patches: [{at, offset, u8|u16|u32, to}] applied to the plain archive before
//   encryption.
#include <algorithm>
#include <stdexcept>

#include "corpus/builder/hpi_builder.hpp"
#include "corpus/builder/recipe.hpp"
#include "corpus/builder/recipe_formats.hpp"

namespace gafcheck::builder {
namespace {

std::uint64_t number(const YAML::Node& node, const char* what) {
  const std::string text = node.as<std::string>();
  std::size_t used = 0;
  std::uint64_t value = 0;
  try {
    value = std::stoull(text, &used, 0);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty())
    throw std::runtime_error(std::string(what) + ": '" + text + "' is not a number");
  return value;
}

HpiMethod method(const YAML::Node& node) {
  if (!node) return HpiMethod::zlib;
  const std::string name = node.as<std::string>();
  if (name == "stored") return HpiMethod::stored;
  if (name == "lz77") return HpiMethod::lz77;
  if (name == "zlib") return HpiMethod::zlib;
  throw std::runtime_error("method '" + name + "': use stored, lz77 or zlib");
}

std::vector<std::uint8_t> gaf_member(const YAML::Node& names) {
  GafSpec spec;
  for (const auto& name : names) {
    const std::string id = "f" + std::to_string(spec.frames.size());
    EntrySpec entry;
    if (name.IsMap()) {
      const auto bytes = parse_hex_bytes(name["hex"].as<std::string>());
      if (bytes.size() > 32) throw std::runtime_error("a gaf entry name holds at most 32 bytes");
      entry.name_bytes.emplace();
      std::copy(bytes.begin(), bytes.end(), entry.name_bytes->begin());
    } else {
      entry.name = name.as<std::string>();
    }
    entry.frames.push_back({id, 1, std::nullopt});
    spec.entries.push_back(entry);
    FrameSpec frame;
    frame.id = id;
    spec.frames.push_back(frame);
  }
  return build_gaf(spec).bytes;
}

std::vector<std::uint8_t> content(const YAML::Node& file) {
  if (file["text"]) {
    const std::string text = file["text"].as<std::string>();
    return {text.begin(), text.end()};
  }
  if (file["hex"]) return parse_hex_bytes(file["hex"].as<std::string>());
  if (file["fill"])
    return std::vector<std::uint8_t>(
        number(file["fill"]["size"], "fill size"),
        static_cast<std::uint8_t>(number(file["fill"]["byte"], "fill byte")));
  if (file["sample"])
    return sample_content(
        number(file["sample"]["size"], "sample size"),
        static_cast<std::uint32_t>(number(file["sample"]["seed"], "sample seed")));
  if (file["gaf"]) return gaf_member(file["gaf"]);
  if (file["archive"]) return render_hpi_recipe(file["archive"]).bytes;
  return {};
}

void apply_patches(BuiltFile& archive, const YAML::Node& patches) {
  for (const auto& node : patches) {
    const std::uint64_t base = node["at"] ? archive.at(node["at"].as<std::string>()) : 0;
    const std::uint64_t at = base + (node["offset"] ? number(node["offset"], "offset") : 0);
    const std::uint64_t to = node["to"] ? archive.at(node["to"].as<std::string>()) : 0;
    if (node["u8"])
      archive.put_u8(at, static_cast<std::uint8_t>(to + number(node["u8"], "u8")));
    else if (node["u16"])
      archive.put_u16(at, static_cast<std::uint16_t>(to + number(node["u16"], "u16")));
    else if (node["u32"])
      archive.put_u32(at, static_cast<std::uint32_t>(to + number(node["u32"], "u32")));
    else
      throw std::runtime_error("a patch needs u8, u16 or u32");
  }
}

}  // namespace

BuiltFile render_hpi_recipe(const YAML::Node& body) {
  HpiSpec spec;
  if (body["version"])
    spec.version = static_cast<std::uint32_t>(number(body["version"], "version"));
  if (body["key"]) spec.key = static_cast<std::uint32_t>(number(body["key"], "key"));
  if (body["footer"]) spec.footer = body["footer"].as<bool>();
  if (body["compress_directory"]) spec.compress_directory = body["compress_directory"].as<bool>();
  if (body["hpipack_lz77"]) spec.hpipack_lz77 = body["hpipack_lz77"].as<bool>();
  if (body["files"]) {
    for (const auto& node : body["files"]) {
      HpiFileSpec file;
      if (node["path_hex"]) {
        const auto bytes = parse_hex_bytes(node["path_hex"].as<std::string>());
        file.path.assign(bytes.begin(), bytes.end());
      } else {
        file.path = node["path"].as<std::string>();
      }
      file.method = method(node["method"]);
      if (node["obfuscate"]) file.obfuscate_chunks = node["obfuscate"].as<bool>();
      file.data = content(node);
      spec.files.push_back(std::move(file));
    }
  }
  BuiltFile archive = build_hpi_plain(spec);
  if (body["patches"]) apply_patches(archive, body["patches"]);
  if (spec.key != 0) encrypt_hpi(archive, spec.key);
  return archive;
}

}  // namespace gafcheck::builder
