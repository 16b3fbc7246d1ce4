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

Result<std::string> history_text(const Record& record, const Registry& games, Seat viewer,
                                 size_t max_events) {
  // Replayed rather than kept: the same audiences and the same seq as when each action was
  // told, with the events' texts written as in a state message.
  struct Entry {
    int64_t seq;
    GameTime time;
    std::string events;
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
        Entry e{seq, a.time, "[", 0};
        for (size_t i = 0; i < ev.size(); ++i)
          if (ev[i].audience.sees(viewer)) {
            if (e.count++) e.events += ',';
            e.events += texts[i];
          }
        if (!e.count) return;
        e.events += ']';
        events_held += e.count;
        entries.push_back(std::move(e));
      });
  if (!replayed) return fail(replayed.error());
  // The newest events, whole actions at a time; the oldest ones give way.
  size_t first = 0;
  while (first + 1 < entries.size() && events_held > max_events)
    events_held -= entries[first++].count;
  std::string m = R"({"type":"history","seq":)" + std::to_string(seq) + R"(,"complete":)" +
                  (first == 0 ? "true" : "false") + R"(,"entries":[)";
  for (size_t i = first; i < entries.size(); ++i) {
    if (i > first) m += ',';
    m += R"({"seq":)" + std::to_string(entries[i].seq) + R"(,"time":)" +
         std::to_string(entries[i].time) + R"(,"events":)" + entries[i].events + "}";
  }
  m += "]}";
  return m;
}

}  // namespace sabbat::server
