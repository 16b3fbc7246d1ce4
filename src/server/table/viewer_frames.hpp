#pragma once
// The `state` frames of one change, one per audience: each seat that has a connection, and
// all spectators together. A frame is whole, or for the links that take patches and hold the
// audience's last view, a JSON Patch of that view (view_patch.hpp). Frames reach each link in
// the order they are built, so a link's view version says which view it will hold.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "server/protocol/messages.hpp"
#include "server/table/link.hpp"
#include "server/table/told_count.hpp"

namespace sabbat::server {

// One audience's frame of one change: whole, and as a patch for the links in `patched`.
// Either is null when nobody needs it.
struct Told {
  Frame whole;
  Frame patch;
  std::vector<uint64_t> patched;
};
// Frames of one change, for each seat that had a connection then, and for spectators.
struct Frames {
  std::vector<Told> seats;
  Told spectators;
};

// Each audience's last view made into a frame, kept while one of its links takes patches, and
// that view's version (numbered across the table).
class ViewChains {
 public:
  struct Chain {
    std::string last;
    uint64_t version = 0;
  };
  // The chain of `viewer` (a seat or kSpectator) at a table of `seats` seats.
  Chain& of(Seat viewer, size_t seats) {
    const size_t at = size_t(viewer + 1);
    if (chains_.size() <= at) chains_.resize(seats + 1);
    return chains_[at];
  }
  uint64_t next_version() { return ++versions_; }
  // No state follows: the views kept for patches are freed.
  void free_views() { std::vector<Chain>().swap(chains_); }

 private:
  std::vector<Chain> chains_;  // by viewer + 1: the spectators', then each seat's
  uint64_t versions_ = 0;
};

// Where the game stands when frames are made.
struct Moment {
  const State& state;
  const ToldCount& told;
  int64_t actions;  // recorded so far
  GameTime time;    // the change's game time
  bool playing;     // the game runs: the receivers may act
  GameTime now;     // the table's game time now, for the deadline
  size_t seats;
};

// A `state` frame for `viewer` holding `view` (a view, or with `patch` a patch of one).
Frame state_frame(const Moment& m, Seat viewer, std::string_view view, const Events& events,
                  std::span<const std::string> texts, bool snapshot, bool patch);

// The frames of a change with `events`, or without them a snapshot for everyone. With `only`,
// for that seat's links alone. Moves each link's view version on.
Frames build_frames(std::vector<Link>& links, ViewChains& chains, const Moment& m,
                    const Events* events, std::optional<Seat> only = std::nullopt);

// Where the game stands for one link that arrives: always whole. Its later patches start from
// this view, unless `keep_view` is false (nothing follows, or it takes no patches).
Frame snapshot_frame(Link& link, ViewChains& chains, const Moment& m, bool keep_view);

// Each live link its frame; the connection that acted, if any, gets `accepted` just before,
// in one send.
void deliver(const Frames& frames, std::vector<Link>& links,
             const std::weak_ptr<Connection>& actor = {}, const Frame& accepted = nullptr);

}  // namespace sabbat::server
