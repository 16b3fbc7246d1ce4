#include "bench/server/frame_read.hpp"

#include <nlohmann/json.hpp>

#include "core/legal_forms.hpp"

namespace sabbat::load {

namespace {

using json = nlohmann::json;

// Keeps the top-level members it knows and skips the rest, nested ones included.
class HeadReader final : public nlohmann::json_sax<json> {
 public:
  explicit HeadReader(FrameHead& out) : out_(out) {}

  bool null() override { return done(); }
  bool boolean(bool) override { return done(); }
  bool number_integer(number_integer_t n) override { return number(n); }
  bool number_unsigned(number_unsigned_t n) override { return number(std::int64_t(n)); }
  bool number_float(number_float_t, const string_t&) override { return done(); }
  bool string(string_t& s) override {
    if (depth_ == 1 && key_ == Key::Type) out_.type = std::move(s);
    if (depth_ == 2 && in_legal_) out_.legal.push_back(std::move(s));
    return done();
  }
  bool binary(binary_t&) override { return done(); }
  bool start_object(std::size_t) override {
    ++depth_;
    return true;
  }
  bool end_object() override {
    --depth_;
    return done();
  }
  bool start_array(std::size_t) override {
    in_legal_ = depth_ == 1 && key_ == Key::Legal;
    ++depth_;
    return true;
  }
  bool end_array() override {
    --depth_;
    if (depth_ == 1) in_legal_ = false;
    return done();
  }
  bool key(string_t& k) override {
    if (depth_ == 1)
      key_ = k == "type"    ? Key::Type
             : k == "seq"   ? Key::Seq
             : k == "at"    ? Key::At
             : k == "legal" ? Key::Legal
                            : Key::Other;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  enum class Key { Other, Type, Seq, At, Legal };
  bool number(std::int64_t n) {
    if (depth_ == 1 && key_ == Key::Seq) out_.seq = n;
    if (depth_ == 1 && key_ == Key::At) out_.at = n;
    return done();
  }
  // A value ends a top-level member: the next key names the next one.
  bool done() {
    if (depth_ == 1) key_ = Key::Other;
    return true;
  }

  FrameHead& out_;
  int depth_ = 0;
  Key key_ = Key::Other;
  bool in_legal_ = false;
};

}  // namespace

bool read_frame_head(std::string_view text, FrameHead& out) {
  out.type.clear();
  out.seq = out.at = -1;
  out.legal.clear();  // keeps its capacity: a seat reads one list per move
  if (text.empty() || text.front() != '{') return false;
  HeadReader reader(out);
  if (!json::sax_parse(text, &reader)) return false;
  // Forms come with a Du Balai ! writing phase, once a turn: read whole, and every text they
  // stand for joins the list, so that a seat draws uniformly among all its legal actions.
  if (out.type == "state" && text.find(R"("legal_forms":)") != std::string_view::npos) {
    const json m = json::parse(text, nullptr, false);
    if (m.is_discarded() || !m.contains("legal_forms")) return false;
    for (const json& f : m["legal_forms"]) {
      auto form = form_from_json(f);
      if (!form) return false;
      expand_form(*form, out.legal);
    }
  }
  return true;
}

}  // namespace sabbat::load
