#pragma once
// The check pipeline for one input: detect the format, read its structure, run the checks, and
// produce a FileReport. Never throws for any input bytes.
#include <filesystem>
#include <functional>
#include <string>

#include "validator/core/byte_view.hpp"
#include "validator/core/check_options.hpp"
#include "validator/core/input_name.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck {

// Checks bytes already in memory (a file read whole or an archive member). The name is shown in
// the report; its path on disk, or for a member its path inside the archive, gives the storage
// context (directory names, extension). A display_path is the name of a file on disk.
FileReport check_bytes(ByteView bytes, const std::string& display_path,
                       const CheckOptions& options);
FileReport check_bytes(ByteView bytes, const InputName& name, const CheckOptions& options);

// Opens, reads and checks a file. An unreadable file or one over the size budget gives a report
// with an input.unreadable or budget.exceeded finding.
FileReport check_file(const std::filesystem::path& path, const CheckOptions& options);

// The report for an input that could not be read at all (input.unreadable with the reason).
FileReport unreadable_report(const std::string& display_path, const std::string& reason,
                             std::uint64_t size = 0);

// Receives the reports of one input in order: the input itself first, then (for archives) one
// report per member.
using ReportSink = std::function<void(FileReport&&)>;

// Checks bytes in memory like check_input: their report, then (for an archive) one report per
// member worth checking, nested archives included. For fuzzing and callers without a file.
void check_bytes_with_members(ByteView bytes, const std::string& display_path,
                              const CheckOptions& options, const ReportSink& sink);

// Checks one input path and hands every report it produces to the sink.
void check_input(const std::filesystem::path& path, const CheckOptions& options,
                 const ReportSink& sink);

// Sets verdict and retail impact from the findings.
void finalize_verdict(FileReport& report);

}  // namespace gafcheck
