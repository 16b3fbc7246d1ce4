#include "server/table/view_patch.hpp"

#include <cstdint>
#include <vector>

namespace sabbat::server {

namespace {

// One value of a JSON text, found by a single pass over it: its text, its key when it is an
// object's member, and where its first child and next sibling are in the list.
struct Node {
  uint32_t begin = 0, end = 0;          // the value's text
  uint32_t key_begin = 0, key_end = 0;  // its key, between the quotes
  uint32_t next = 0;                    // the next sibling's index; 0: none
  uint32_t children = 0;                // the first child, if any, is at this index + 1
  char kind = 0;                        // '{', '[', or 0 for anything else
};

class Index {
 public:
  // False when `text` is not one JSON value as the server writes them (compact).
  bool build(std::string_view text) {
    s_ = text;
    nodes_.clear();
    std::size_t i = 0;
    return value(i, 0, 0) && i == s_.size();
  }
  const Node& operator[](uint32_t n) const { return nodes_[n]; }
  std::string_view text(const Node& n) const { return s_.substr(n.begin, n.end - n.begin); }
  std::string_view key(const Node& n) const {
    return s_.substr(n.key_begin, n.key_end - n.key_begin);
  }

 private:
  // Past the string that opens at `i` (a '"'); false when it does not end. A plain loop: the
  // strings of a view are short (keys, card names), shorter than a call to memchr pays for.
  bool string(std::size_t& i) const {
    for (std::size_t j = i + 1; j < s_.size(); ++j) {
      if (s_[j] == '\\') {
        ++j;
      } else if (s_[j] == '"') {
        i = j + 1;
        return true;
      }
    }
    return false;
  }

  bool value(std::size_t& i, std::size_t key_begin, std::size_t key_end) {
    if (i >= s_.size()) return false;
    const uint32_t me = uint32_t(nodes_.size());
    nodes_.push_back({uint32_t(i), 0, uint32_t(key_begin), uint32_t(key_end), 0, 0, 0});
    const char c = s_[i];
    if (c == '{' || c == '[') {
      nodes_[me].kind = c;
      const char close = c == '{' ? '}' : ']';
      ++i;
      uint32_t last = 0;
      while (i < s_.size() && s_[i] != close) {
        std::size_t kb = 0, ke = 0;
        if (c == '{') {
          if (s_[i] != '"') return false;
          kb = i + 1;
          if (!string(i)) return false;
          ke = i - 1;
          if (i >= s_.size() || s_[i] != ':') return false;
          ++i;
        }
        const uint32_t child = uint32_t(nodes_.size());
        if (!value(i, kb, ke)) return false;
        if (last) nodes_[last].next = child;
        last = child;
        ++nodes_[me].children;
        if (i < s_.size() && s_[i] == ',') ++i;
      }
      if (i >= s_.size()) return false;
      ++i;
    } else if (c == '"') {
      if (!string(i)) return false;
    } else {
      while (i < s_.size() && s_[i] != ',' && s_[i] != '}' && s_[i] != ']') ++i;
      if (nodes_[me].begin == i) return false;
    }
    nodes_[me].end = uint32_t(i);
    return true;
  }

  std::string_view s_;
  std::vector<Node> nodes_;
};

class Differ {
 public:
  Differ(const Index& a, const Index& b, std::string& out) : a_(a), b_(b), out_(out) {}

  // The operations that turn a's node `x` into b's node `y`, the value at `path`.
  void diff(uint32_t x, uint32_t y, std::string& path) {
    const Node& na = a_[x];
    const Node& nb = b_[y];
    if (a_.text(na) == b_.text(nb)) return;
    if (na.kind == 0 || na.kind != nb.kind) return op("replace", path, b_.text(nb));
    const std::size_t mark = out_.size();
    const bool was_first = first_;
    const bool went = na.kind == '{' ? objects(na, x, nb, y, path) : arrays(na, x, nb, y, path);
    // The whole value when its parts would take more room, or could not be told apart.
    const std::size_t whole = path.size() + (nb.end - nb.begin) + 34;
    if (!went || out_.size() - mark > whole) {
      out_.resize(mark);
      first_ = was_first;
      op("replace", path, b_.text(nb));
    }
  }

 private:
  bool objects(const Node& na, uint32_t x, const Node& nb, uint32_t y, std::string& path) {
    const std::size_t base = path.size();
    // Members are mostly in the same order: each search starts after the last one found.
    uint32_t hint = nb.children ? y + 1 : 0;
    for (uint32_t m = na.children ? x + 1 : 0; m; m = a_[m].next) {
      const std::string_view k = a_.key(a_[m]);
      const uint32_t found = find(b_, nb, y, k, hint);
      if (!child(path, k)) return false;
      if (found) {
        diff(m, found, path);
        hint = b_[found].next ? b_[found].next : y + 1;
      } else {
        op("remove", path, {});
      }
      path.resize(base);
    }
    hint = na.children ? x + 1 : 0;
    for (uint32_t m = nb.children ? y + 1 : 0; m; m = b_[m].next) {
      const std::string_view k = b_.key(b_[m]);
      if (const uint32_t found = find(a_, na, x, k, hint)) {
        hint = a_[found].next ? a_[found].next : x + 1;
        continue;
      }
      if (!child(path, k)) return false;
      op("add", path, b_.text(b_[m]));
      path.resize(base);
    }
    return true;
  }

  bool arrays(const Node& na, uint32_t x, const Node& nb, uint32_t y, std::string& path) {
    if (na.children != nb.children) return false;
    const std::size_t base = path.size();
    uint32_t i = 0;
    for (uint32_t m = na.children ? x + 1 : 0, n = nb.children ? y + 1 : 0; m && n;
         m = a_[m].next, n = b_[n].next, ++i) {
      path += '/';
      path += std::to_string(i);
      diff(m, n, path);
      path.resize(base);
    }
    return true;
  }

  // The member of `parent` (at `at` in `in`) whose key is `k`, searched from `from` round to
  // it; 0 when there is none.
  static uint32_t find(const Index& in, const Node& parent, uint32_t at, std::string_view k,
                       uint32_t from) {
    if (!parent.children) return 0;
    const uint32_t first = at + 1;
    uint32_t m = from ? from : first;
    for (uint32_t seen = 0; seen < parent.children; ++seen) {
      if (in.key(in[m]) == k) return m;
      m = in[m].next ? in[m].next : first;
    }
    return 0;
  }

  // `path` with the key appended as a pointer token ('~' as "~0", '/' as "~1"); false for a
  // key written with a JSON escape, whose parent is then replaced whole.
  static bool child(std::string& path, std::string_view key) {
    if (key.find('\\') != std::string_view::npos) return false;
    path += '/';
    for (const char c : key) {
      if (c == '~')
        path += "~0";
      else if (c == '/')
        path += "~1";
      else
        path += c;
    }
    return true;
  }

  void op(std::string_view name, std::string_view path, std::string_view value) {
    if (!first_) out_ += ',';
    first_ = false;
    out_ += R"({"op":")";
    out_ += name;
    out_ += R"(","path":")";
    out_ += path;
    out_ += '"';
    if (!value.empty()) {
      out_ += R"(,"value":)";
      out_ += value;
    }
    out_ += '}';
  }

  const Index& a_;
  const Index& b_;
  std::string& out_;
  bool first_ = true;
};

}  // namespace

void append_view_patch(std::string_view before, std::string_view after, std::string& out) {
  out += '[';
  // Kept from call to call: the server calls this for every viewer of every move.
  thread_local Index a, b;
  if (before != after) {
    std::string path;
    if (a.build(before) && b.build(after))
      Differ(a, b, out).diff(0, 0, path);
    else
      out += R"({"op":"replace","path":"","value":)" + std::string(after) + "}";
  }
  out += ']';
}

}  // namespace sabbat::server
