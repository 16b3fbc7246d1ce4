#include "server/table/stand_in.hpp"

#include "core/untrusted.hpp"

namespace sabbat::server {

const StandInSpell* StandIns::played(Seat seat, int64_t seq) const {
  for (const StandInSpell& s : spells)
    if (s.covers(seat, seq)) return &s;
  return nullptr;
}

void StandIns::add_to(json& settings) const {
  settings["stand_in_after_ms"] = after_ms;
  json list = json::array();
  for (const StandInSpell& s : spells) {
    json one = {{"seat", s.seat}, {"bot", s.bot}, {"from", s.from_seq}};
    one["to"] = s.to_seq ? json(*s.to_seq) : json(nullptr);
    list.push_back(std::move(one));
  }
  settings["stand_ins"] = std::move(list);
}

Result<StandIns> StandIns::from_settings_text(std::string_view text, int players,
                                              int64_t default_after_ms) {
  auto parsed = parse_untrusted_json(text, JsonLimits{1 << 20, 8});
  if (!parsed) return fail("table settings: " + parsed.error());
  const json& j = *parsed;
  const auto bad = [] { return fail("table settings: wrong stand-in fields"); };
  if (!j.is_object()) return bad();
  StandIns out;
  out.after_ms = default_after_ms;
  if (auto it = j.find("stand_in_after_ms"); it != j.end()) {
    if (!it->is_number_integer()) return bad();
    const int64_t v = it->get<int64_t>();
    if (v < kMinStandInAfterMs || v > kMaxStandInAfterMs) return bad();
    out.after_ms = v;
  }
  if (auto it = j.find("stand_ins"); it != j.end()) {
    if (!it->is_array()) return bad();
    for (const json& s : *it) {
      if (!s.is_object() || !s.contains("seat") || !s["seat"].is_number_integer() ||
          !s.contains("bot") || !s["bot"].is_string() || !s.contains("from") ||
          !s["from"].is_number_integer() || !s.contains("to"))
        return bad();
      StandInSpell spell;
      const int64_t seat = s["seat"].get<int64_t>();
      if (seat < 0 || seat >= players) return bad();
      spell.seat = Seat(seat);
      spell.bot = s["bot"].get<std::string>();
      spell.from_seq = s["from"].get<int64_t>();
      if (!s["to"].is_null()) {
        if (!s["to"].is_number_integer()) return bad();
        spell.to_seq = s["to"].get<int64_t>();
      }
      out.spells.push_back(std::move(spell));
    }
  }
  return out;
}

std::string record_text_with_stand_ins(const Record& record, const StandIns& stand_ins) {
  const auto dump = [](const nlohmann::ordered_json& j) { return json_text(j) + "\n"; };
  std::string out = dump(record.header_json());
  for (const RecordedAction& a : record.actions) {
    auto line = Record::action_json(a);
    if (const StandInSpell* s = stand_ins.played(a.seat, a.seq)) line["stand_in"] = s->bot;
    out += dump(line);
  }
  if (record.result) out += dump(Record::result_json(*record.result));
  return out;
}

}  // namespace sabbat::server
