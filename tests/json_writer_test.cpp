// JsonWriter (src/core/json_writer.hpp), which writes the views the server sends at every
// move: what it writes is valid JSON that reads back as the values written.
#include <gtest/gtest.h>

#include <limits>

#include "core/game.hpp"
#include "core/json_writer.hpp"

namespace sabbat {
namespace {

TEST(JsonWriter, NestedObjectsAndArraysWithCommasWhereJsonWantsThem) {
  std::string text;
  JsonWriter w(text);
  w.begin_object();
  w.key("game").value("sortileges");
  w.key("empty").begin_array();
  w.end_array();
  w.key("none").begin_object();
  w.end_object();
  w.key("seats").begin_array();
  for (int s = 0; s < 3; ++s) {
    w.begin_object();
    w.key("seat").value(s);
    w.key("hand").begin_array();
    w.value("7H");
    w.value("10S");
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.key("current").null();
  w.key("terminal").value(false);
  w.end_object();
  EXPECT_EQ(text,
            R"({"game":"sortileges","empty":[],"none":{},"seats":[{"seat":0,"hand":["7H","10S"]},)"
            R"({"seat":1,"hand":["7H","10S"]},{"seat":2,"hand":["7H","10S"]}],"current":null,)"
            R"("terminal":false})");
  EXPECT_TRUE(json::accept(text));
}

TEST(JsonWriter, StringsAreEscapedAndUtf8PassesThrough) {
  const std::string tricky = "a \"quote\", a back\\slash, a tab\t, a newline\n, a bell\x07, Œil";
  std::string text;
  JsonWriter w(text);
  w.begin_array();
  w.value(tricky);
  w.end_array();
  EXPECT_EQ(json::parse(text), json::array({tricky}));
  EXPECT_NE(text.find("\\u0007"), std::string::npos) << text;
  EXPECT_NE(text.find("Œil"), std::string::npos) << text;
}

TEST(JsonWriter, IntegersOfEveryWidthAndTheirLimits) {
  std::string text;
  JsonWriter w(text);
  w.begin_array();
  w.value(std::numeric_limits<int64_t>::min());
  w.value(std::numeric_limits<uint64_t>::max());
  w.value(uint8_t{7});
  w.value(-1);
  w.end_array();
  const json j = json::parse(text);
  EXPECT_EQ(j[0].get<int64_t>(), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(j[1].get<uint64_t>(), std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(j[2], 7);
  EXPECT_EQ(j[3], -1);
}

// The server writes the members every seat shares once, then each seat's own after them.
TEST(JsonWriter, AnObjectGoesOnAfterItsSharedMembers) {
  std::string shared;
  JsonWriter w(shared);
  w.begin_object();
  w.key("round").value(2);
  std::string mine = shared;
  JsonWriter own(mine);
  own.continue_object();
  own.key("hand").begin_array();
  own.value("QH");
  own.end_array();
  own.end_object();
  EXPECT_EQ(mine, R"({"round":2,"hand":["QH"]})");
}

}  // namespace
}  // namespace sabbat
