#include "validator/rules/writer_catalog.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>

#include "validator/base/errors.hpp"

namespace gafcheck {

extern const char writers_yaml_data[];
extern const std::size_t writers_yaml_size;

namespace {

std::string writer_field(const YAML::Node& node, const char* key, const std::string& id) {
  const YAML::Node value = node[key];
  if (!value || !value.IsScalar())
    throw InternalError("writer signature '" + id + "' lacks '" + key + "'");
  return value.as<std::string>();
}

Confidence confidence_from_name(const std::string& name, const std::string& id) {
  for (const Confidence level : {Confidence::possible, Confidence::likely, Confidence::certain})
    if (confidence_name(level) == name) return level;
  throw InternalError("writer signature '" + id + "': bad ceiling '" + name + "'");
}

WriterFact parse_fact(const YAML::Node& node, const std::string& id) {
  WriterFact fact;
  fact.fact = writer_field(node, "fact", id);
  fact.source = writer_field(node, "source", id);
  const YAML::Node values = node["any_of"];
  if (!values || !values.IsSequence() || values.size() == 0)
    throw InternalError("writer signature '" + id + "': fact " + fact.fact + " lacks any_of");
  for (const auto& value : values) fact.any_of.push_back(value.as<std::string>());
  fact.decisive = node["decisive"] && node["decisive"].as<bool>();
  fact.common = node["common"] && node["common"].as<bool>();
  fact.supports_only = node["supports_only"] && node["supports_only"].as<bool>();
  if (fact.common && (fact.decisive || fact.supports_only))
    throw InternalError("writer signature '" + id + "': fact " + fact.fact +
                        " cannot be common and also decisive or supporting only");
  return fact;
}

}  // namespace

std::string_view confidence_name(Confidence confidence) {
  switch (confidence) {
    case Confidence::possible: return "possible";
    case Confidence::likely: return "likely";
    case Confidence::certain: return "certain";
  }
  return "possible";
}

WriterCatalog WriterCatalog::parse(std::string_view yaml_text) {
  WriterCatalog catalog;
  const YAML::Node root = YAML::Load(std::string(yaml_text));
  const YAML::Node writers = root["writers"];
  if (!writers || !writers.IsSequence()) throw InternalError("writers.yaml has no 'writers' list");
  for (const auto& node : writers) {
    WriterSignature writer;
    writer.id = writer_field(node, "id", "?");
    writer.tool = writer_field(node, "tool", writer.id);
    writer.versions = writer_field(node, "versions", writer.id);
    writer.format = writer_field(node, "format", writer.id);
    writer.ceiling = confidence_from_name(writer_field(node, "ceiling", writer.id), writer.id);
    const YAML::Node facts = node["facts"];
    if (!facts || !facts.IsSequence() || facts.size() == 0)
      throw InternalError("writer signature '" + writer.id + "' lists no facts");
    for (const auto& fact : facts) writer.facts.push_back(parse_fact(fact, writer.id));
    for (const WriterFact& fact : writer.facts)
      if (fact.fact == "hpi.trailer")
        catalog.trailers_.insert(catalog.trailers_.end(), fact.any_of.begin(), fact.any_of.end());
    catalog.writers_.push_back(std::move(writer));
  }
  std::sort(catalog.trailers_.begin(), catalog.trailers_.end(),
            [](const std::string& a, const std::string& b) {
              return a.size() != b.size() ? a.size() > b.size() : a < b;
            });
  catalog.trailers_.erase(std::unique(catalog.trailers_.begin(), catalog.trailers_.end()),
                          catalog.trailers_.end());
  return catalog;
}

const WriterCatalog& embedded_writer_catalog() {
  static const WriterCatalog catalog =
      WriterCatalog::parse(std::string_view(writers_yaml_data, writers_yaml_size));
  return catalog;
}

}  // namespace gafcheck
