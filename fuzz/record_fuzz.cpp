// Fuzz target: any bytes as a record file, through parse_record, replay (with events, as
// `sabbat replay` narrates), check_result and check_record. Nothing may crash, hang or read
// out of bounds; an error never carries a control character; a record that parses writes
// back to text that parses to the same record.
#include <cstdint>
#include <sstream>

#include "core/record.hpp"
#include "core/registry.hpp"
#include "core/untrusted.hpp"
#include "fuzz_bytes.hpp"

using namespace sabbat;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  auto record = parse_record(in);
  if (!record) {
    if (fuzz::has_control(record.error()))
      fuzz::broken("parse error not printable", record.error());
    return 0;
  }
  std::istringstream again(record->text());
  auto back = parse_record(again);
  if (!back || !(*back == *record)) fuzz::broken("a parsed record does not read back the same");
  auto match = replay_with_events(*record, registry(),
                                  [](const RecordedAction& a, const State&, const Events& events) {
                                    if (fuzz::has_control(printable(a.action)))
                                      fuzz::broken("printable() let a control through");
                                    for (const auto& e : events) (void)printable(e.text, 1000);
                                  });
  if (!match) {
    if (fuzz::has_control(match.error())) fuzz::broken("replay error not printable", match.error());
  } else if (Status st = check_result(*record, match->record()); !st) {
    if (fuzz::has_control(st.error())) fuzz::broken("result error not printable", st.error());
  }
  Status st = check_record(*record, registry());
  if (!st && fuzz::has_control(st.error())) fuzz::broken("check error not printable", st.error());
  return 0;
}
