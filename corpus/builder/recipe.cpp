#include "corpus/builder/recipe.hpp"

#include "corpus/builder/recipe_formats.hpp"

#include <yaml-cpp/yaml.h>

#include <cctype>
#include <stdexcept>

namespace gafcheck::builder {

std::uint64_t recipe_number(const YAML::Node& node, const std::string& what) {
  const std::string text = node.as<std::string>();
  std::size_t used = 0;
  std::uint64_t value = 0;
  try {
    if (!text.empty() && text[0] == '-')
      value = static_cast<std::uint64_t>(std::stoll(text, &used, 0));
    else
      value = std::stoull(text, &used, 0);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty())
    throw std::runtime_error(what + ": '" + text + "' is not a number");
  return value;
}

void read_name_hex(const YAML::Node& node, std::optional<std::array<std::uint8_t, 32>>& target) {
  if (!node["name_hex"]) return;
  const auto bytes = parse_hex_bytes(node["name_hex"].as<std::string>());
  if (bytes.size() != 32) throw std::runtime_error("name_hex must be 32 bytes");
  target.emplace();
  std::copy(bytes.begin(), bytes.end(), target->begin());
}

namespace {

FrameSpec read_frame(const YAML::Node& node) {
  FrameSpec frame;
  frame.id = node["id"].as<std::string>();
  read_number(node, "width", frame.width);
  read_number(node, "height", frame.height);
  read_number(node, "x_offset", frame.x_offset);
  read_number(node, "y_offset", frame.y_offset);
  read_number(node, "color_key", frame.color_key);
  read_number(node, "compressed", frame.compressed);
  read_number(node, "layer_count", frame.layer_count);
  read_number(node, "alt_byte", frame.alt_byte);
  read_number(node, "unknown2", frame.unknown2);
  read_number(node, "unknown3", frame.unknown3);
  read_number(node, "data_offset", frame.data_offset);
  if (node["children"])
    for (const auto& child : node["children"]) frame.children.push_back(child.as<std::string>());
  if (node["raw_hex"]) frame.raw = parse_hex_bytes(node["raw_hex"].as<std::string>());
  if (node["data_hex"]) frame.data = parse_hex_bytes(node["data_hex"].as<std::string>());
  if (node["rle_rows_hex"]) {
    frame.rle_rows.emplace();
    for (const auto& row : node["rle_rows_hex"])
      frame.rle_rows->push_back(parse_hex_bytes(row.as<std::string>()));
  }
  return frame;
}

EntrySpec read_entry(const YAML::Node& node) {
  EntrySpec entry;
  if (node["name"]) entry.name = node["name"].as<std::string>();
  read_name_hex(node, entry.name_bytes);
  read_number(node, "loop_word", entry.loop_word);
  read_number(node, "unknown", entry.unknown);
  read_number(node, "frame_count", entry.frame_count);
  if (node["frames"]) {
    for (const auto& ref_node : node["frames"]) {
      FrameRefSpec ref;
      if (ref_node["frame"]) ref.frame = ref_node["frame"].as<std::string>();
      read_number(ref_node, "duration", ref.duration);
      read_number(ref_node, "header_offset", ref.header_offset);
      entry.frames.push_back(ref);
    }
  }
  return entry;
}

}  // namespace

std::vector<std::uint8_t> parse_hex_bytes(const std::string& text) {
  std::vector<std::uint8_t> bytes;
  int high = -1;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    if (!std::isxdigit(static_cast<unsigned char>(c)))
      throw std::runtime_error("bad hex digit '" + std::string(1, c) + "'");
    const int digit =
        std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : (std::tolower(c) - 'a' + 10);
    if (high < 0) {
      high = digit;
    } else {
      bytes.push_back(static_cast<std::uint8_t>(high << 4 | digit));
      high = -1;
    }
  }
  if (high >= 0) throw std::runtime_error("odd number of hex digits");
  return bytes;
}

Recipe load_recipe(const std::filesystem::path& path) {
  try {
    const YAML::Node root = YAML::LoadFile(path.string());
    Recipe recipe;
    recipe.name = path.stem().string();
    if (root["description"]) recipe.description = root["description"].as<std::string>();
    if (root["expect"])
      for (const auto& rule : root["expect"]) recipe.expect.push_back(rule.as<std::string>());
    if (root["checked_as"]) recipe.checked_as = root["checked_as"].as<std::string>();
    if (root["game"]) recipe.game = root["game"].as<std::string>();
    for (const char* format : {"taf", "tsf", "hpi"}) {
      if (root[format]) {
        recipe.format = format;
        recipe.body = root[format];
      }
    }
    const YAML::Node gaf = root["gaf"];
    if (gaf) {
      read_number(gaf, "version", recipe.gaf.version);
      read_number(gaf, "entry_count_word", recipe.gaf.entry_count_word);
      read_number(gaf, "reserved", recipe.gaf.reserved);
      if (gaf["slots"]) {
        recipe.gaf.slots.emplace();
        for (const auto& slot : gaf["slots"])
          recipe.gaf.slots->push_back(static_cast<std::uint32_t>(recipe_number(slot, "slot")));
      }
      if (gaf["entries"])
        for (const auto& entry : gaf["entries"]) recipe.gaf.entries.push_back(read_entry(entry));
      if (gaf["frames"])
        for (const auto& frame : gaf["frames"]) recipe.gaf.frames.push_back(read_frame(frame));
    }
    if (root["patches"]) {
      for (const auto& node : root["patches"]) {
        Patch patch;
        if (node["at"]) patch.label = node["at"].as<std::string>();
        if (node["to"]) patch.to = node["to"].as<std::string>();
        read_number(node, "offset", patch.offset);
        if (node["u8"]) {
          patch.width = 1;
          patch.value = static_cast<std::uint32_t>(recipe_number(node["u8"], "u8"));
        } else if (node["u16"]) {
          patch.width = 2;
          patch.value = static_cast<std::uint32_t>(recipe_number(node["u16"], "u16"));
        } else if (node["u32"]) {
          patch.width = 4;
          patch.value = static_cast<std::uint32_t>(recipe_number(node["u32"], "u32"));
        } else
          throw std::runtime_error("a patch needs u8, u16 or u32");
        recipe.patches.push_back(patch);
      }
    }
    read_number(root, "truncate", recipe.truncate);
    if (root["append_hex"]) recipe.append = parse_hex_bytes(root["append_hex"].as<std::string>());
    return recipe;
  } catch (const std::exception& error) {
    throw std::runtime_error(path.string() + ": " + error.what());
  }
}

std::vector<std::uint8_t> render_recipe(const Recipe& recipe) {
  BuiltFile built;
  if (recipe.format == "taf")
    built = render_taf_recipe(recipe.body);
  else if (recipe.format == "tsf")
    built = render_tsf_recipe(recipe.body);
  else if (recipe.format == "hpi")
    built = render_hpi_recipe(recipe.body);
  else
    built = build_gaf(recipe.gaf);
  for (const Patch& patch : recipe.patches) {
    const std::uint64_t at = (patch.label.empty() ? 0 : built.at(patch.label)) + patch.offset;
    const std::uint64_t value = (patch.to.empty() ? 0 : built.at(patch.to)) + patch.value;
    if (patch.width == 1)
      built.put_u8(at, static_cast<std::uint8_t>(value));
    else if (patch.width == 2)
      built.put_u16(at, static_cast<std::uint16_t>(value));
    else
      built.put_u32(at, static_cast<std::uint32_t>(value));
  }
  if (recipe.truncate && *recipe.truncate < built.bytes.size())
    built.bytes.resize(*recipe.truncate);
  built.bytes.insert(built.bytes.end(), recipe.append.begin(), recipe.append.end());
  return built.bytes;
}

}  // namespace gafcheck::builder
