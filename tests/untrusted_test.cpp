// The one door for untrusted text: bounded JSON parsing and printable echoes.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "core/untrusted.hpp"

namespace sabbat {
namespace {

TEST(UntrustedJson, ParsesAnOrdinaryDocument) {
  auto v = parse_untrusted_json(R"({"seq":1,"action":"place 7H under left","list":[1,[2]]})");
  ASSERT_TRUE(v.ok()) << v.error();
  EXPECT_EQ((*v)["action"], "place 7H under left");
}

TEST(UntrustedJson, RefusesNestingPastTheLimitWithoutRecursing) {
  // The 60,000-deep line that once crashed `sabbat replay`.
  const int n = 60000;
  std::string deep = "{\"format\":" + std::string(n, '[') + std::string(n, ']') + "}";
  auto v = parse_untrusted_json(deep, {.max_bytes = 1 << 20, .max_depth = 16});
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error(), "nested more than 16 levels deep");
}

TEST(UntrustedJson, NestingAtTheLimitIsAccepted) {
  std::string at = std::string(16, '[') + std::string(16, ']');
  EXPECT_TRUE(parse_untrusted_json(at).ok());
  EXPECT_FALSE(parse_untrusted_json("[" + at + "]").ok());
}

TEST(UntrustedJson, BracketsInsideStringsDoNotCount) {
  std::string s = "{\"a\":\"" + std::string(100, '[') + "\\\"{{{\"}";
  EXPECT_TRUE(parse_untrusted_json(s).ok());
}

TEST(UntrustedJson, RefusesTooLongInputBeforeParsing) {
  std::string big(70000, ' ');
  auto v = parse_untrusted_json(big);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error(), "too long: 70000 bytes, at most 65536");
}

TEST(UntrustedJson, MalformedInputIsAnErrorNotAnException) {
  for (const char* bad : {"", "{", "[1,]", "{\"a\":\"\xff\"}", "nul", "{\"a\":1}x"}) {
    auto v = parse_untrusted_json(bad);
    ASSERT_FALSE(v.ok()) << bad;
    EXPECT_EQ(v.error(), "not valid JSON");
  }
}

TEST(Printable, NeutralisesControlCharacters) {
  EXPECT_EQ(printable("close-book \x1b[2J"), "close-book \\u001b[2J");
  EXPECT_EQ(printable("a\r\nb\x7f"), "a\\u000d\\u000ab\\u007f");
  EXPECT_EQ(printable("\xc2\x9b"
                      "31m"),
            "\\u009b31m");  // C1 CSI
}

TEST(Printable, KeepsUnicodeAndReplacesInvalidBytes) {
  EXPECT_EQ(printable("Sortilèges → 11"), "Sortilèges → 11");
  EXPECT_EQ(printable("a\xff"
                      "b"),
            "a\xEF\xBF\xBD"
            "b");
  EXPECT_EQ(printable("\xe0\x80\xaf"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // overlong
}

TEST(Printable, CutsLongTextAndSaysHowLong) {
  EXPECT_EQ(printable(std::string(100, 'x'), 5), "xxxxx… (100 characters)");
  EXPECT_EQ(printable("èèè", 2), "èè… (3 characters)");
  EXPECT_EQ(printable("short", 5), "short");
}

// Lines are read with a bound: a longer line stops the reading at the bound, whatever follows.
TEST(BoundedLine, ReadsLinesAndStopsAtTheBound) {
  std::istringstream in("ab\n\nabcdef\nlast");
  std::string line;
  EXPECT_EQ(read_bounded_line(in, line, 4), LineRead::Line);
  EXPECT_EQ(line, "ab");
  EXPECT_EQ(read_bounded_line(in, line, 4), LineRead::Line);
  EXPECT_EQ(line, "");
  EXPECT_EQ(read_bounded_line(in, line, 4), LineRead::TooLong);
  EXPECT_EQ(line, "abcd");
}

TEST(BoundedLine, LastLineWithoutNewlineThenEnd) {
  std::istringstream in("abcd\nxy");
  std::string line;
  EXPECT_EQ(read_bounded_line(in, line, 4), LineRead::Line);
  EXPECT_EQ(line, "abcd");
  EXPECT_EQ(read_bounded_line(in, line, 4), LineRead::Line);
  EXPECT_EQ(line, "xy");
  EXPECT_EQ(read_bounded_line(in, line, 4), LineRead::End);
}

}  // namespace
}  // namespace sabbat
