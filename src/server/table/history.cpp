#include "server/table/history.hpp"

#include <memory>
#include <vector>

#include "server/protocol/messages.hpp"

namespace sabbat::server {

Result<Match> replay_told(const Record& record, const Registry& games, const OnTold& on_told) {
  std::unique_ptr<State> before;
  return replay_from_start(
      record, games, [&](const State& start) { before = start.clone(); },
      [&](const RecordedAction& a, const State& after, const Events& events) {
        bool secret = false;
        if (a.seat >= 0)
          if (auto action = before->parse_action(a.seat, a.action); action)
            secret = before->secret_from_others(a.seat, *action, a.time);
        on_told(a, secret, events);
        before = after.clone();
      });
}

Result<std::vector<std::string>> history_parts(const Record& record, const Registry& games,
                                               Seat viewer, size_t max_events, size_t max_bytes) {
  // Replayed rather than kept: the same audiences and the same seq as when each action was
  // told, with the events' texts written as in a state message.
  struct Entry {
    std::string text;  // {"seq":..,"time":..,"events":[..]}
    size_t count;
  };
  std::vector<Entry> entries;
  size_t events_held = 0;
  int64_t seq = 0;
  auto replayed =
      replay_told(record, games, [&](const RecordedAction& a, bool secret, const Events& ev) {
        if (secret && a.seat != viewer) return;
        ++seq;
        const std::vector<std::string> texts = event_texts(ev);
        Entry e{R"({"seq":)" + std::to_string(seq) + R"(,"time":)" + std::to_string(a.time) +
                    R"(,"events":[)",
                0};
        for (size_t i = 0; i < ev.size(); ++i)
          if (ev[i].audience.sees(viewer)) {
            if (e.count++) e.text += ',';
            e.text += texts[i];
          }
        if (!e.count) return;
        e.text += "]}";
        events_held += e.count;
        entries.push_back(std::move(e));
      });
  if (!replayed) return fail(replayed.error());
  // The newest events, whole actions at a time; the oldest ones give way.
  size_t first = 0;
  while (first + 1 < entries.size() && events_held > max_events)
    events_held -= entries[first++].count;
  const std::string head = R"({"type":"history","seq":)" + std::to_string(seq) + R"(,"complete":)" +
                           (first == 0 ? "true" : "false");
  // Room for `,"part":K,"parts":N,"entries":[` and `]}` whatever K and N.
  const size_t envelope = head.size() + 64;
  std::vector<std::vector<size_t>> parts(1);
  size_t used = envelope;
  for (size_t i = first; i < entries.size(); ++i) {
    const size_t more = entries[i].text.size() + 1;
    if (!parts.back().empty() && used + more > max_bytes) {
      parts.emplace_back();
      used = envelope;
    }
    parts.back().push_back(i);
    used += more;
  }
  std::vector<std::string> out;
  for (size_t k = 0; k < parts.size(); ++k) {
    std::string m = head + R"(,"part":)" + std::to_string(k + 1) + R"(,"parts":)" +
                    std::to_string(parts.size()) + R"(,"entries":[)";
    for (size_t j = 0; j < parts[k].size(); ++j) {
      if (j) m += ',';
      m += entries[parts[k][j]].text;
    }
    m += "]}";
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace sabbat::server
