#pragma once
// A run's output must never be one of its inputs: `check -o x.gaf x.gaf` would replace the upload
// with its own report, and a census report inside the tree would be read back as an input. These
// checks run before anything is written; a refusal is a usage problem (exit 2), and the caller
// writes nothing.
// Standard output, /dev/stdout, /dev/stderr and an empty path are never files of the run.
#include <string>
#include <vector>

#include "validator/base/result.hpp"
#include "validator/input/input_selection.hpp"

namespace gafcheck {

// Refuses an output that is (the same device and inode as, or, when one of them does not exist,
// the same location as) one of the named input files. what names them ("shard report").
Result<void> check_output_among_inputs(const std::string& output,
                                       const std::vector<std::string>& inputs,
                                       const std::string& what);

// A file a run reads besides its inputs (a --baseline report, a --palette, a configuration
// file): no output may replace it either.
struct ReadFile {
  std::string path;
  std::string what;  // "--baseline report", for the refusal
};

// Refuses an output that is one of those files.
Result<void> check_output_among_read_files(const std::string& output,
                                           const std::vector<ReadFile>& read_files);

// Whether two output paths name one file (the same device and inode, or, when one of them does
// not exist yet, the same location: './r.yaml' and 'r.yaml', a hard link); standard output and
// the empty path are no file here. Two outputs on one file would silently replace each other.
bool same_output_file(const std::string& first, const std::string& second);

// For commands that walk roots: refuses an output that is a root file, and an output inside a
// root directory that the walk would take as an input (an input file there now, or a name the
// selection takes by extension). An output inside a root that is not refused is left out of the
// walk by the caller (InputWalk::exclude with the report's identity).
Result<void> check_output_in_walk(const std::string& output, const std::vector<std::string>& roots,
                                  const InputSelection& selection);

// For commands that read whole directories (diff's trees): refuses an output inside one of them,
// which would be read back as one of its files. what names them ("side").
Result<void> check_output_outside(const std::string& output,
                                  const std::vector<std::string>& directories,
                                  const std::string& what);

}  // namespace gafcheck
