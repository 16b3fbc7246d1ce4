// The server's own deflate compressor (server/net/deflate_writer.hpp) checked by zlib's inflate:
// whatever the message (empty, one byte, long runs, every byte value, matches reaching the
// window's end), zlib gives it back, message after message with the context kept.
#include <gtest/gtest.h>
#include <zlib.h>

#include <random>

#include "server/net/deflate_writer.hpp"

namespace sabbat::server {
namespace {

// Compresses each message after the ones before (the last 2^bits bytes as history) and inflates
// it with one zlib stream, as a client does.
class RoundTrip {
 public:
  explicit RoundTrip(int bits) : bits_(bits) { inflateInit2(&z_, -bits); }
  ~RoundTrip() { inflateEnd(&z_); }

  // The message as zlib inflates it; `wire` the compressed size.
  std::string pass(const std::string& message, std::size_t* wire = nullptr) {
    const std::size_t window = std::size_t(1) << bits_;
    if (history_.size() > window) history_.erase(0, history_.size() - window);
    const std::size_t from = history_.size();
    history_ += message;
    std::string out;
    deflate_message(history_, from, bits_, out);
    if (wire) *wire = out.size();
    out.append("\0\0\xff\xff", 4);
    std::string back(message.size() + 64, '\0');
    z_.next_in = reinterpret_cast<Bytef*>(out.data());
    z_.avail_in = uInt(out.size());
    z_.next_out = reinterpret_cast<Bytef*>(back.data());
    z_.avail_out = uInt(back.size());
    const int r = inflate(&z_, Z_SYNC_FLUSH);
    EXPECT_TRUE(r == Z_OK || r == Z_BUF_ERROR) << r << (z_.msg ? z_.msg : "");
    EXPECT_EQ(z_.avail_in, 0u);
    back.resize(back.size() - z_.avail_out);
    return back;
  }

 private:
  int bits_;
  std::string history_;
  z_stream z_{};
};

std::string random_bytes(std::size_t n, unsigned seed) {
  std::mt19937 g(seed);
  std::string s(n, '\0');
  for (char& c : s) c = char(g());
  return s;
}

TEST(DeflateWriter, EmptyAndTinyMessagesComeBack) {
  RoundTrip t(13);
  std::size_t wire = 0;
  EXPECT_EQ(t.pass("", &wire), "");
  EXPECT_EQ(wire, 1u) << "an empty message is one byte (RFC 7692 §7.2.3.6)";
  EXPECT_EQ(t.pass("a"), "a");
  EXPECT_EQ(t.pass("abc"), "abc");
  EXPECT_EQ(t.pass("abcd"), "abcd");
}

// Every byte value as a literal: 0-143 take eight bits, 144-255 nine (RFC 1951 §3.2.6).
TEST(DeflateWriter, EveryByteValueComesBack) {
  RoundTrip t(15);
  std::string all;
  for (int i = 0; i < 256; ++i) all += char(i);
  EXPECT_EQ(t.pass(all), all);
  const std::string noise = random_bytes(20000, 1);
  EXPECT_EQ(t.pass(noise), noise);
}

// Runs longer than one match (258) are cut into pieces of 3 to 258, overlapping their source.
TEST(DeflateWriter, LongRunsComeBackAtEveryLength) {
  RoundTrip t(15);
  for (std::size_t n = 250; n < 800; n += 1) {
    const std::string run(n, 'x');
    ASSERT_EQ(t.pass(run), run) << n;
  }
}

// A seat's next message repeating its last one costs a few bytes, found in the history.
TEST(DeflateWriter, ARepeatedMessageIsFoundInTheHistory) {
  RoundTrip t(13);
  const std::string state = random_bytes(3000, 2);
  std::size_t first = 0, again = 0;
  EXPECT_EQ(t.pass(state, &first), state);
  EXPECT_EQ(t.pass(state, &again), state);
  EXPECT_GT(first, 3000u);
  EXPECT_LT(again, 40u);
}

// Matches reach back to the window's end and no further: messages that only the history
// beyond the window would shorten still come back, in every window size a client may set.
TEST(DeflateWriter, MatchesStayWithinTheWindow) {
  for (int bits : {9, 10, 12, 13, 15}) {
    RoundTrip t(bits);
    std::mt19937 g{unsigned(bits)};
    std::vector<std::string> pool;
    for (int i = 0; i < 8; ++i)
      pool.push_back(random_bytes(100 + 300 * std::size_t(i), unsigned(i)));
    for (int i = 0; i < 300; ++i) {
      std::string m = pool[g() % pool.size()].substr(g() % 50);
      m += random_bytes(g() % 40, unsigned(i));
      ASSERT_EQ(t.pass(m), m) << "window " << bits << ", message " << i;
    }
  }
}

}  // namespace
}  // namespace sabbat::server
