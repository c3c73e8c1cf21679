#include "reports/survey_figures.hpp"

#include <array>
#include <cstdio>
#include <string_view>

#include "reports/yaml_emit.hpp"

namespace gafcheck {
namespace {

// Integer figures that are always present (0 when no file had the structure).
constexpr std::array<std::string_view, 9> structure_keys = {
    "entries",   "zero_frame_entries", "frames",     "frame_headers",   "composite_frames",
    "subframes", "raw_leaves",         "rle_leaves", "unknown3_nonzero"};

// Survey histograms published under the same name.
constexpr std::array<std::string_view, 4> plain_histograms = {"compression_bytes", "alt_bytes",
                                                              "color_keys", "durations"};

const Histogram* find_histogram(const RunTotals& totals, std::string_view name) {
  const auto found = totals.survey.find(name);
  return found == totals.survey.end() ? nullptr : &found->second;
}

void emit_histogram(YAML::Emitter& out, const Histogram* histogram) {
  out << YAML::Flow << YAML::BeginMap;
  if (histogram)
    for (const auto& [value, count] : *histogram) out << YAML::Key << value << YAML::Value << count;
  out << YAML::EndMap;
}

std::int64_t max_value(const Histogram* histogram) {
  return histogram && !histogram->empty() ? histogram->rbegin()->first : 0;
}

bool has_counter(const RunTotals& totals, std::string_view key) {
  for (const auto& [name, value] : totals.summary.items())
    if (name == key) return true;
  return false;
}

void emit_versions(YAML::Emitter& out, const RunTotals& totals) {
  out << YAML::Key << "versions" << YAML::Value << YAML::Flow << YAML::BeginMap;
  if (const Histogram* versions = find_histogram(totals, "versions")) {
    for (const auto& [value, count] : *versions) {
      char text[16];
      std::snprintf(text, sizeof text, "0x%08llX", static_cast<unsigned long long>(value));
      out << YAML::Key << YAML::DoubleQuoted << text << YAML::Value << count;
    }
  }
  out << YAML::EndMap;
}

// width x height buckets: key 0 is area 0, key 2^k counts areas in [2^k, 2^(k+1)).
void emit_dimensions(YAML::Emitter& out, const RunTotals& totals) {
  out << YAML::Key << "dimensions" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "max_width" << YAML::Value << max_value(find_histogram(totals, "widths"));
  out << YAML::Key << "max_height" << YAML::Value << max_value(find_histogram(totals, "heights"));
  out << YAML::Key << "area_buckets" << YAML::Value << YAML::Flow << YAML::BeginMap;
  if (const Histogram* areas = find_histogram(totals, "area_log2")) {
    for (const auto& [log2, count] : *areas) {
      const std::uint64_t bucket = log2 < 0 ? 0 : std::uint64_t{1} << log2;
      out << YAML::Key << bucket << YAML::Value << count;
    }
  }
  out << YAML::EndMap;
  out << YAML::EndMap;
}

void emit_key_pixels(YAML::Emitter& out, const RunTotals& totals) {
  if (has_counter(totals, "raw_frames_with_key"))
    out << YAML::Key << "raw_frames_with_key" << YAML::Value
        << totals.summary.get("raw_frames_with_key");
  if (!has_counter(totals, "key_pixels")) return;
  out << YAML::Key << "key_pixels" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "total" << YAML::Value << totals.summary.get("key_pixels");
  out << YAML::Key << "top_files" << YAML::Value << YAML::BeginSeq;
  for (const auto& item : totals.key_pixel_files.items()) {
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "path" << YAML::Value;
    emit_input_path(out, item.path);
    out << YAML::Key << "key_pixels" << YAML::Value << item.value << YAML::EndMap;
  }
  out << YAML::EndSeq;
  out << YAML::EndMap;
}

}  // namespace

void emit_survey_figures(YAML::Emitter& out, const RunTotals& totals) {
  for (const std::string_view key : structure_keys)
    out << YAML::Key << std::string(key) << YAML::Value << totals.summary.get(key);
  emit_key_pixels(out, totals);
  emit_versions(out, totals);
  for (const std::string_view name : plain_histograms) {
    out << YAML::Key << std::string(name) << YAML::Value;
    emit_histogram(out, find_histogram(totals, name));
  }
  const Histogram* layers = find_histogram(totals, "layer_counts");
  out << YAML::Key << "layer_counts" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "max" << YAML::Value << max_value(layers);
  out << YAML::Key << "counts" << YAML::Value;
  emit_histogram(out, layers);
  out << YAML::EndMap;
  emit_dimensions(out, totals);
}

}  // namespace gafcheck
