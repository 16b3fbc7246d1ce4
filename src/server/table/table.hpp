#pragma once
// One table: a game being played (a Match), its seats, its clock, its bots and the
// connections watching it. Everything here runs on the table's strand: the public calls post
// themselves there, so no lock guards the game.
//
// The write-ahead rule: an action is applied at once (the next one is checked against the
// new state), but what it changed is told to nobody before the store has made it durable.
// Everything a client would learn waits in `outbox_`, in order, until its write is done.
//
// The table's parts each have a file of their own: the seats and the ready step
// (seating.hpp), game time (table_clock.hpp), empty seats and their stand-ins
// (empty_seats.hpp), each audience's frames and patches (viewer_frames.hpp), the seq each
// receiver counts (told_count.hpp), the log rebuilt for a newcomer (history.hpp), the
// write-ahead gate (outbox.hpp). The Table's own members are spread by role: its life and the
// store here in table.cpp, the people's requests in table_seats.cpp and table_chat.cpp, the game
// and its clock in table_play.cpp, what it tells in table_telling.cpp.
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/bot.hpp"
#include "core/record.hpp"
#include "server/ops/context.hpp"
#include "server/protocol/connection.hpp"
#include "server/table/chat.hpp"
#include "server/table/empty_seats.hpp"
#include "server/table/link.hpp"
#include "server/table/next_game.hpp"
#include "server/table/outbox.hpp"
#include "server/table/settings.hpp"
#include "server/table/stand_in.hpp"
#include "server/table/table_clock.hpp"
#include "server/table/told_count.hpp"
#include "server/table/viewer_frames.hpp"
#include "store/store.hpp"

namespace sabbat::server {

class Table : public std::enable_shared_from_this<Table> {
 public:
  enum class Phase { Waiting, Playing, Finished };

  // A new table, not yet stored: open() stores it, then runs `created` (on the table's
  // strand) with the store's answer.
  // `next_game` makes the table of the next game with the same people ("again").
  static std::shared_ptr<Table> create(boost::asio::io_context& ioc, Context& ctx,
                                       WriteAhead& store, NextGame& next_game, std::string code,
                                       Match match, TableSettings settings, StandIns stand_ins);
  void open(std::function<void(const Status&)> created);
  // A table rebuilt from the store after a restart; its clock resumes at its last action.
  static Result<std::shared_ptr<Table>> restore(boost::asio::io_context& ioc, Context& ctx,
                                                WriteAhead& store, NextGame& next_game,
                                                const StoredTable& stored);
  ~Table();  // counts itself out of the metrics

  const std::string& code() const { return code_; }

  // The client messages of docs/protocol.md that concern a table.
  // `patches`: the connection takes later views as patches of its last (`view_patch`).
  void join(std::shared_ptr<Connection> conn, std::optional<int64_t> seat, std::string name,
            bool patches);
  void rejoin(std::shared_ptr<Connection> conn, std::string token, bool patches);
  void watch(std::shared_ptr<Connection> conn, bool patches);
  void start(std::shared_ptr<Connection> conn, std::string owner_token);
  void act(std::shared_ptr<Connection> conn, int64_t client_seq, std::string text);
  // "ready": the connection's seat is ready, or with `seat` and the owner's token, the owner
  // starts for that seat's person while she is away (`owner` empty: not given).
  void ready(std::shared_ptr<Connection> conn, std::optional<int64_t> seat, std::string owner);
  // The chat (chat.hpp): a text or a reaction (exactly one not empty; the text as received).
  void chat(std::shared_ptr<Connection> conn, std::string text, std::string reaction);
  // The owner's rules of the chat: each one given replaces the table's.
  struct ChatRules {
    std::optional<bool> spectators_write;
    std::optional<int64_t> mute, unmute;
  };
  void chat_rules(std::shared_ptr<Connection> conn, std::string owner, ChatRules rules);
  void leave(uint64_t connection_id);
  // "again": a seat of the finished table asks for the next game with the same people.
  void again(std::shared_ptr<Connection> conn);
  // Server going away: tell every client and stop the clock.
  void close_all();
  // The table moves to another server of the cluster: every client is told to come back (they
  // reach the other server), the clock stops, and `after` runs on the table's strand once
  // nothing more will be played here.
  void hand_over(std::function<void()> after);

  // The public status (the protocol's "table" message's status), and the record once the
  // game has ended; both answer on the table's strand through `reply`.
  void status(std::function<void(json)> reply);
  void record(std::function<void(std::optional<std::string>)> reply);
  // The finished game's record, for a replay (null before the end); `reply` runs on the
  // table's strand and must not keep the pointer.
  void finished_record(std::function<void(const Record*)> reply);

  // Cheap to read from any thread: whether the table still counts toward the server's limit.
  bool finished() const { return finished_flag_.load(); }
  // Cheap to read from any thread: the table plays no more here (the store failed, it moved to
  // another server, or the server is stopping).
  bool out_of_play() const { return out_of_play_flag_.load(); }
  // Cheap to read from any thread: someone is connected to it (a moved table is found again
  // only when its people come back).
  bool has_people() const { return link_count_.load() > 0; }

 private:
  Table(boost::asio::io_context& ioc, Context& ctx, WriteAhead& store, NextGame& next_game,
        std::string code, Match match, TableSettings settings, StandIns stand_ins);

  template <class F>
  void on_strand(F&& f);

  // Every change of phase_, links_ and stand_ins_ goes through these, so that the metrics
  // count what the strand holds.
  void enter(Phase next);
  void add_link(Link link);
  std::vector<Link>::iterator drop_link(std::vector<Link>::iterator it);
  void drop_links();
  // Stops the clock for good and closes every link with "going-away" (`why`), once every act
  // still being stored has its answer.
  void stop_playing(std::string_view why);

  // The write-ahead gate.
  // A batch that waits for the store; the returned callback is the store's `done`.
  // `failed`: what to answer instead if the store fails first (Outbox).
  WriteAhead::Done gate(std::function<void()> release, std::function<void()> failed = {});
  void after_earlier(std::function<void()> release, std::function<void()> failed = {}) {
    outbox_.after_earlier(std::move(release), std::move(failed));
  }
  void on_stored(const Status& st);
  void save_settings(std::function<void()> release);
  void save_chat(std::function<void()> release);
  // The recent chat for a connection that arrives, null while nobody wrote.
  std::vector<Frame> chat_backlog() const;
  // A newcomer's catch-up, after the earlier frames: `first` (joined or watching), then the
  // status, the history, the snapshot, the result if over, and the chat.
  void welcome(const std::shared_ptr<Connection>& conn, Seat seat, Frame first);
  std::string settings_text() const;  // the settings and the stand-ins, as stored

  // The ready step of a real-time game with people: every seat taken, not started yet; it
  // ends with a countdown once every seat is ready (docs/protocol.md, "Ready, then the clock").
  bool real_time() const { return match_.game().facts().real_time; }
  bool in_ready_step() const;
  // Starts or stops the countdown as the seats' marks and the connections now say.
  void check_ready();
  void counted_down();

  // Playing.
  GameTime game_now() const;
  void begin();
  Status apply_step(Seat seat, Action action, GameTime time, std::weak_ptr<Connection> actor,
                    int64_t client_seq);
  void schedule();
  // Applies every deadline due at or before `now`, in order; true if any was.
  bool apply_clock_until(GameTime now);
  void play_scheduled(Seat seat, Action action, GameTime at);

  // Stand-ins (stand_in.hpp).
  bool seat_connected(Seat seat) const;
  // A table with people's seats pauses while none of them has a connection: its bots and
  // stand-ins stop and its game time stands still, until a person comes back.
  bool people_away() const;
  void update_pause();
  // From now on the seat counts as empty, if it is a person's, unconnected, while playing.
  void mark_absent(Seat seat, GameTime since);
  // Every empty seat whose limit has passed by `now` gets its stand-in.
  void stand_in_due(GameTime now);
  // The person is back: the stand-in stops at once.
  void stand_in_ends(Seat seat);

  // Telling.
  // Where the game stands now, for frames made at game time `time`.
  Moment moment(GameTime time) const;
  // Where the game stands, for the link of a connection that arrives: null while the table
  // waits.
  Frame snapshot(Link& link);
  // What `viewer` was told (or may see) since the start, for a log rebuilt after a rejoin or
  // a watch; null while the table waits. Sent just before the snapshot.
  std::vector<Frame> history_frames(Seat viewer) const;
  // Without events: a snapshot. With `only`, for that seat's connections alone.
  Frames frames_of(const Events* events, GameTime time, std::optional<Seat> only = std::nullopt);
  // How many actions `viewer` (a seat or kSpectator) has been told of: its messages' seq.
  int64_t told(Seat viewer) const {
    return told_.told(viewer, int64_t(match_.record().actions.size()));
  }
  json status_json() const;
  Frame table_frame(Seat you) const;
  Frame result_frame() const;  // once the game has ended
  json again_request() const;  // the "create" of the next game with the same people
  bool record_ready() const;   // ended and stored: the record and the replay may be served
  void broadcast_status();
  Link* find_link(uint64_t id);
  void refuse(const std::shared_ptr<Connection>& conn, std::string_view code,
              std::string_view message, std::string_view ref);

  Context& ctx_;
  const std::shared_ptr<Metrics> metrics_;  // may outlive ctx_ (context.hpp)
  WriteAhead& store_;
  NextGame& next_game_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer timer_;
  const std::string code_;
  Match match_;
  TableSettings settings_;
  std::vector<std::unique_ptr<Bot>> bots_;  // one per seat, null for a person
  EmptySeats empty_seats_;
  StandIns stand_in_notes_;
  Chat chat_;
  std::vector<ChatBudget> chat_budgets_;  // by seat, across its connections
  Rng bot_rng_;
  ToldCount told_;
  Phase phase_ = Phase::Waiting;
  std::string next_;  // the code of the next game's table, once a seat asked for it
  bool next_asked_ = false;
  // The end of the ready step's countdown, while it runs.
  std::optional<std::chrono::steady_clock::time_point> countdown_end_;
  TableClock clock_;  // paused while playing with every person away
  uint64_t schedule_generation_ = 0;
  std::vector<Link> links_;
  ViewChains chains_;
  Outbox outbox_;
  bool broken_ = false;  // the store failed: the table stops, a restart rebuilds it
  bool closed_ = false;
  std::atomic<bool> finished_flag_{false};
  std::atomic<bool> out_of_play_flag_{false};
  std::atomic<size_t> link_count_{0};  // links_.size(), for has_people()
};

template <class F>
void Table::on_strand(F&& f) {
  boost::asio::post(strand_,
                    [self = shared_from_this(), f = std::forward<F>(f)]() mutable { f(*self); });
}

}  // namespace sabbat::server
