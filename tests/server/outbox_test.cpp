// The write-ahead gate (server/table/outbox.hpp): nothing is told before what it depends on is
// durable, and what is told keeps the order in which it was asked.
#include <gtest/gtest.h>

#include <string>

#include "server/table/outbox.hpp"

namespace sabbat::server {
namespace {

TEST(Outbox, WithNothingWaitingAReleaseRunsAtOnce) {
  Outbox box;
  std::string told;
  box.after_earlier([&] { told += "a"; });
  EXPECT_EQ(told, "a");
  EXPECT_TRUE(box.empty());
}

TEST(Outbox, ABatchWaitsForItsStoreWrite) {
  Outbox box;
  std::string told;
  box.wait_for_store([&] { told += "a"; });
  EXPECT_EQ(told, "");
  EXPECT_FALSE(box.empty());
  box.stored();
  EXPECT_EQ(told, "a");
  EXPECT_TRUE(box.empty());
}

TEST(Outbox, WhatComesAfterAWaitingBatchIsToldAfterIt) {
  Outbox box;
  std::string told;
  box.wait_for_store([&] { told += "a"; });
  box.after_earlier([&] { told += "b"; });
  EXPECT_EQ(told, "");
  box.stored();
  EXPECT_EQ(told, "ab");
}

TEST(Outbox, EachStoreAnswerReleasesTheOldestWriteOnly) {
  Outbox box;
  std::string told;
  box.wait_for_store([&] { told += "a"; });
  box.after_earlier([&] { told += "b"; });
  box.wait_for_store([&] { told += "c"; });
  box.after_earlier([&] { told += "d"; });
  box.stored();
  EXPECT_EQ(told, "ab");
  box.stored();
  EXPECT_EQ(told, "abcd");
}

TEST(Outbox, AReleaseMayQueueMoreWithoutLosingOrder) {
  Outbox box;
  std::string told;
  box.wait_for_store([&] {
    told += "a";
    box.after_earlier([&] { told += "x"; });  // behind "b", still waiting
  });
  box.after_earlier([&] { told += "b"; });
  box.stored();
  EXPECT_EQ(told, "abx");
  EXPECT_TRUE(box.empty());
}

// A failed store tells nothing of what waited, but what must be answered anyway (a refused
// act, in the order asked) still is.
TEST(Outbox, AFailedStoreTellsNothingOfWhatWaitedButAnswersWhatMustBe) {
  Outbox box;
  std::string told;
  box.wait_for_store([&] { told += "a"; }, [&] { told += "A"; });
  box.after_earlier([&] { told += "b"; });
  box.after_earlier([&] { told += "c"; }, [&] { told += "C"; });
  box.fail();
  EXPECT_TRUE(box.empty());
  EXPECT_EQ(told, "AC");
}

}  // namespace
}  // namespace sabbat::server
