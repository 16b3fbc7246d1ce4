#include "server/table/chat.hpp"

#include <algorithm>
#include <array>

#include "core/untrusted.hpp"
#include "server/protocol/names.hpp"

namespace sabbat::server {

namespace {

constexpr std::array<std::string_view, 8> kReactions = {"👍", "👏", "😂", "😮", "😢", "🔥", "🧹", "✨"};

}  // namespace

std::span<const std::string_view> chat_reactions() {
  return kReactions;
}

bool is_chat_reaction(std::string_view text) {
  return std::find(kReactions.begin(), kReactions.end(), text) != kReactions.end();
}

json ChatEntry::to_json() const {
  json j = {{"id", id},
            {"seat", seat == kSpectator ? json(nullptr) : json(seat)},
            {"name", name.empty() ? json(nullptr) : json(name)},
            {"at", at_ms}};
  if (reaction.empty())
    j["text"] = text;
  else
    j["reaction"] = reaction;
  return j;
}

bool ChatBudget::allows(Clock::time_point now) {
  const double every = std::chrono::duration<double>(kEvery).count();
  tokens_ = std::min(kBurst, tokens_ + std::chrono::duration<double>(now - last_).count() / every);
  last_ = now;
  return tokens_ >= 1;
}

bool Chat::is_muted(Seat seat) const {
  return std::find(muted.begin(), muted.end(), seat) != muted.end();
}

const ChatEntry& Chat::add(ChatEntry entry) {
  entry.id = next_id++;
  recent.push_back(std::move(entry));
  while (recent.size() > kChatRecent) recent.pop_front();
  return recent.back();
}

json Chat::rules_json() const {
  return {{"spectators_write", spectators_write}, {"muted", muted}};
}

std::vector<Frame> Chat::recent_frames(std::size_t max_bytes) const {
  // Room for {"entries":[...],"part":K,"parts":N,"recent":true,"type":"chat"} whatever K and N.
  constexpr std::size_t kEnvelope = 96;
  std::vector<json> parts;
  std::size_t used = kEnvelope;
  for (const ChatEntry& e : recent) {
    json entry = e.to_json();
    const std::size_t more = json_text(entry).size() + 1;
    if (parts.empty() || (!parts.back().empty() && used + more > max_bytes)) {
      parts.push_back(json::array());
      used = kEnvelope;
    }
    parts.back().push_back(std::move(entry));
    used += more;
  }
  std::vector<Frame> out;
  for (std::size_t k = 0; k < parts.size(); ++k)
    out.push_back(frame({{"type", "chat"},
                         {"recent", true},
                         {"part", k + 1},
                         {"parts", parts.size()},
                         {"entries", std::move(parts[k])}}));
  return out;
}

Frame Chat::entry_frame(const ChatEntry& entry) {
  return frame({{"type", "chat"}, {"recent", false}, {"entries", json::array({entry.to_json()})}});
}

std::string Chat::to_text() const {
  json entries = json::array();
  for (const ChatEntry& e : recent) entries.push_back(e.to_json());
  return json{{"next", next_id},
              {"spectators_write", spectators_write},
              {"muted", muted},
              {"entries", std::move(entries)}}
      .dump();
}

Result<Chat> Chat::from_text(std::string_view text, int players) {
  Chat chat;
  if (text.empty()) return chat;
  auto parsed = parse_untrusted_json(text, JsonLimits{1 << 20, 8});
  if (!parsed) return fail("table chat: " + parsed.error());
  const json& j = *parsed;
  const auto bad = [] { return fail("table chat: missing or wrong fields"); };
  if (!j.is_object() || !j.contains("next") || !j["next"].is_number_integer() ||
      !j.contains("spectators_write") || !j["spectators_write"].is_boolean() ||
      !j.contains("muted") || !j["muted"].is_array() || !j.contains("entries") ||
      !j["entries"].is_array())
    return bad();
  chat.next_id = j["next"].get<int64_t>();
  chat.spectators_write = j["spectators_write"].get<bool>();
  for (const json& s : j["muted"]) {
    if (!s.is_number_integer() || s.get<int64_t>() < 0 || s.get<int64_t>() >= players) return bad();
    chat.muted.push_back(s.get<Seat>());
  }
  for (const json& e : j["entries"]) {
    if (!e.is_object() || !e.contains("id") || !e["id"].is_number_integer() || !e.contains("at") ||
        !e["at"].is_number_integer())
      return bad();
    ChatEntry entry;
    entry.id = e["id"].get<int64_t>();
    entry.at_ms = e["at"].get<int64_t>();
    if (auto s = e.find("seat"); s != e.end() && s->is_number_integer())
      entry.seat = s->get<Seat>();
    if (auto n = e.find("name"); n != e.end() && n->is_string()) entry.name = n->get<std::string>();
    // Cleaned again on the way in: the store is trusted no more than the client was.
    if (auto r = e.find("reaction");
        r != e.end() && r->is_string() && is_chat_reaction(r->get<std::string>())) {
      entry.reaction = r->get<std::string>();
    } else if (auto t = e.find("text"); t != e.end() && t->is_string()) {
      auto clean = clean_chat_text(t->get<std::string>(), kChatChars);
      if (!clean) continue;
      entry.text = std::move(*clean);
    } else {
      return bad();
    }
    if (entry.seat < kSpectator || entry.seat >= players) return bad();
    chat.recent.push_back(std::move(entry));
    if (chat.recent.size() > kChatRecent) chat.recent.pop_front();
  }
  return chat;
}

}  // namespace sabbat::server
