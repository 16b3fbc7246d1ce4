// The threads of `sim`: none works before all have started; when the system refuses to start
// one (out of threads or memory), the ones already started leave without working and are
// joined, and the error says how many started and why (a joinable thread left behind would end
// the program with "terminate called without an active exception").
#include <gtest/gtest.h>

#include <atomic>
#include <system_error>

#include "cli/crew.hpp"

namespace sabbat::cli {
namespace {

// Starts threads like the system until the `refuse_at`-th, which it refuses as the system does.
ThreadStart refusing_at(int refuse_at, std::atomic<int>& attempts) {
  return [refuse_at, &attempts](std::function<void()> body) {
    if (++attempts == refuse_at)
      throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again));
    return std::thread(std::move(body));
  };
}

TEST(Crew, AThreadThatCannotStartLeavesTheOthersJoinedWithoutWorkingAndSaysWhy) {
  std::atomic<int> attempts{0}, finished{0}, began{0};
  std::atomic<bool> stop{false};
  Crew crew(refusing_at(3, attempts));
  // Each worker runs until told to stop: only `stop` can end them.
  const Status st = crew.start(
      5,
      [&](int) {
        ++began;
        while (!stop.load()) std::this_thread::yield();
        ++finished;
      },
      [&] { stop = true; });
  ASSERT_FALSE(st.ok());
  // The two started threads were joined before the error, without running their work.
  EXPECT_EQ(began.load(), 0);
  EXPECT_EQ(finished.load(), 0);
  EXPECT_EQ(crew.size(), 0);
  EXPECT_NE(st.error().find("could start only 2 of 5 threads"), std::string::npos) << st.error();
  EXPECT_NE(
      st.error().find(std::make_error_code(std::errc::resource_unavailable_try_again).message()),
      std::string::npos)
      << st.error();
  EXPECT_NE(st.error().find("--jobs"), std::string::npos) << st.error();
}

TEST(Crew, EveryWorkerRunsOnceWithItsOwnNumber) {
  std::atomic<int> sum{0}, stops{0};
  Crew crew;
  const Status st = crew.start(
      4, [&](int j) { sum += 1 << j; }, [&] { ++stops; });
  ASSERT_TRUE(st.ok()) << st.error();
  EXPECT_EQ(crew.size(), 4);
  crew.join();
  EXPECT_EQ(sum.load(), 0b1111);
  EXPECT_EQ(stops.load(), 0);
}

}  // namespace
}  // namespace sabbat::cli
