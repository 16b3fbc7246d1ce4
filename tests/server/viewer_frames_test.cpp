// Frames per audience (server/table/viewer_frames.hpp): one frame per seat that has a
// connection and one for all spectators; a link that takes patches and holds its audience's
// last view gets a patch, any other the whole view; the actor's `accepted` goes just before
// its frame; each receiver's seq leaves out what only another seat was told.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/record.hpp"
#include "core/registry.hpp"
#include "server/table/viewer_frames.hpp"

namespace sabbat::server {
namespace {

// A connection that keeps what it is sent.
struct Inbox final : Connection {
  explicit Inbox(uint64_t id) : id_(id) {}
  uint64_t id() const override { return id_; }
  void send(Frame f) override { got.push_back(*f); }
  void send_both(Frame first, Frame second) override { got.push_back(*first + " + " + *second); }
  void close_with(Frame, bool) override {}
  void leave_table(Frame f) override { send(std::move(f)); }
  uint64_t id_;
  std::vector<std::string> got;
};

struct Game2 {
  Game2() : match(start()) {}
  static Match start() {
    const Game& g = *registry().get("sortileges").value();
    return Match::start(g, g.setup(2, {}, 7).value()).value();
  }
  Moment moment() const {
    return {match.state(),
            told,
            int64_t(match.record().actions.size()),
            match.state().now(),
            true,
            match.state().now(),
            2};
  }
  Link link(const std::shared_ptr<Inbox>& c, Seat seat, bool patches) {
    return {c, c->id(), seat, true, patches};
  }
  // Plays seat `s`'s first legal action; its events go to `events`.
  void play(Events& events) {
    const Seat s = Seat(__builtin_ctz(match.state().actors().bits()));
    std::vector<Action> legal;
    match.state().legal_actions(s, legal);
    ASSERT_TRUE(match.apply(s, legal.front(), match.state().now(), &events));
  }
  Match match;
  ToldCount told{2};
};

TEST(ViewerFrames, OneFramePerSeatWithAConnectionAndOneForAllSpectators) {
  Game2 g;
  auto a = std::make_shared<Inbox>(1), w1 = std::make_shared<Inbox>(2),
       w2 = std::make_shared<Inbox>(3);
  std::vector<Link> links{g.link(a, 0, false), g.link(w1, kSpectator, false),
                          g.link(w2, kSpectator, false)};
  ViewChains chains;
  Frames f = build_frames(links, chains, g.moment(), nullptr);
  ASSERT_EQ(f.seats.size(), 2u);
  EXPECT_TRUE(f.seats[0].whole);
  EXPECT_FALSE(f.seats[1].whole);  // nobody at seat 1
  EXPECT_TRUE(f.spectators.whole);
  deliver(f, links);
  ASSERT_EQ(w1->got.size(), 1u);
  EXPECT_EQ(w1->got, w2->got);  // the spectators share one frame
  EXPECT_NE(a->got.front(), w1->got.front());
}

TEST(ViewerFrames, ALinkHoldingTheLastViewGetsAPatchAndANewcomerTheWholeView) {
  Game2 g;
  auto p = std::make_shared<Inbox>(1), newcomer = std::make_shared<Inbox>(2);
  std::vector<Link> links{g.link(p, 0, true)};
  ViewChains chains;
  snapshot_frame(links[0], chains, g.moment(), true);
  links.push_back(g.link(newcomer, 0, true));  // holds no view yet
  Events events;
  g.play(events);
  Frames f = build_frames(links, chains, g.moment(), &events);
  EXPECT_EQ(f.seats[0].patched, std::vector<uint64_t>{1});
  ASSERT_TRUE(f.seats[0].patch);
  ASSERT_TRUE(f.seats[0].whole);
  EXPECT_NE(f.seats[0].patch->find("\"view_patch\""), std::string::npos);
  EXPECT_EQ(f.seats[0].whole->find("\"view_patch\""), std::string::npos);
  // Both now hold the same view: the next change is a patch for each.
  Events more;
  g.play(more);
  Frames next = build_frames(links, chains, g.moment(), &more);
  EXPECT_EQ(next.seats[0].patched, (std::vector<uint64_t>{1, 2}));
  EXPECT_FALSE(next.seats[0].whole);
}

TEST(ViewerFrames, NoViewIsKeptForAnAudienceThatTakesNoPatches) {
  Game2 g;
  auto a = std::make_shared<Inbox>(1);
  std::vector<Link> links{g.link(a, 0, false)};
  ViewChains chains;
  build_frames(links, chains, g.moment(), nullptr);
  EXPECT_TRUE(chains.of(0, 2).last.empty());
}

TEST(ViewerFrames, TheActorGetsAcceptedTogetherWithItsFrame) {
  Game2 g;
  auto actor = std::make_shared<Inbox>(1), other = std::make_shared<Inbox>(2);
  std::vector<Link> links{g.link(actor, 0, false), g.link(other, 1, false)};
  ViewChains chains;
  Frames f = build_frames(links, chains, g.moment(), nullptr);
  deliver(f, links, actor, std::make_shared<const std::string>("accepted"));
  ASSERT_EQ(actor->got.size(), 1u);
  EXPECT_EQ(actor->got.front().rfind("accepted + ", 0), 0u);
  ASSERT_EQ(other->got.size(), 1u);
  EXPECT_EQ(other->got.front().find("accepted"), std::string::npos);
}

TEST(ViewerFrames, ALinkNotYetLiveIsToldNothing) {
  Game2 g;
  auto a = std::make_shared<Inbox>(1);
  std::vector<Link> links{g.link(a, 0, false)};
  links[0].live = false;
  ViewChains chains;
  deliver(build_frames(links, chains, g.moment(), nullptr), links);
  EXPECT_TRUE(a->got.empty());
}

TEST(ToldCount, ASecretActionCountsInItsOwnSeatsSeqOnly) {
  ToldCount told(3);
  EXPECT_EQ(told.told(0, 4), 4);
  told.secret_to(1);  // the fifth action, told to seat 1 alone
  EXPECT_EQ(told.told(1, 5), 5);
  EXPECT_EQ(told.told(0, 5), 4);
  EXPECT_EQ(told.told(kSpectator, 5), 4);
}

}  // namespace
}  // namespace sabbat::server
