#include "server/lobby/cluster.hpp"

#include <algorithm>
#include <boost/asio/post.hpp>

#include "core/untrusted.hpp"
#include "server/lobby/lobby.hpp"
#include "server/table/table.hpp"

namespace sabbat::server {

namespace net = boost::asio;

namespace {

// How often a claim of a table that another node holds is tried again while that node lets
// go (it hears of the request at its next renewal, a third of a lease away at most).
constexpr auto kClaimRetry = std::chrono::milliseconds(200);

// The most tables a node hands over at one renewal to spread them: each costs its people a
// reconnect, and the proxy's new choice is known only once they are back.
constexpr int64_t kSpreadPerRenewal = 3;
// How long a node waits, once it sees more nodes alive, before it hands tables over: a node
// renews its lease as it starts, before the proxy's checks find it healthy (HAProxy's `inter
// 500ms` and `rise 2`, docs/cluster.md), and a table handed over sooner would be sent back.
constexpr auto kSpreadSettle = std::chrono::seconds(2);

// What a renewal learns: the tables other nodes asked for, and every live node's share.
struct Renewal {
  std::vector<std::string> wanted;
  std::vector<SharedStore::Share> shares;
};

}  // namespace

Cluster::Cluster(net::io_context& ioc, Context& ctx, std::unique_ptr<SharedStore> control,
                 WriteAhead& writes)
    : ioc_(ioc),
      ctx_(ctx),
      control_store_(std::move(control)),
      control_(std::make_unique<WriteAhead>(*control_store_, std::chrono::microseconds(0))),
      writes_(writes),
      node_(control_store_->node()),
      lease_(control_store_->lease()),
      renewal_(ioc) {}

Cluster::~Cluster() {
  stop();
  control_.reset();  // its writer ends before the store it writes to
}

void Cluster::start() {
  schedule_renewal();
}

void Cluster::stop() {
  std::lock_guard lock(mutex_);
  stopped_ = true;
  renewal_.cancel();
}

void Cluster::schedule_renewal() {
  std::lock_guard lock(mutex_);
  if (stopped_) return;
  // Three renewals per lease: one late or lost renewal does not lose the tables.
  renewal_.expires_after(lease_ / 3);
  renewal_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) renew();
  });
}

// Runs `question` on the lease connection's thread, then hands its answer to `answer` on an
// io_context thread.
template <class T>
void Cluster::ask(std::function<Result<T>(SharedStore&)> question,
                  std::function<void(Result<T>)> answer) {
  auto got = std::make_shared<std::optional<Result<T>>>();
  control_->run(
      [got, question = std::move(question)](Store& store) {
        got->emplace(question(static_cast<SharedStore&>(store)));
        return Status::success();
      },
      [this, got, answer = std::move(answer)](const Status&) {
        net::post(ioc_, [got, answer] { answer(std::move(got->value())); });
      });
}

void Cluster::renew() {
  ask<Renewal>(
      [](SharedStore& store) -> Result<Renewal> {
        auto wanted = store.renew_lease();
        if (!wanted) return fail(wanted.error());
        auto shares = store.live_shares();
        if (!shares) return fail(shares.error());
        return Renewal{std::move(*wanted), std::move(*shares)};
      },
      [this](Result<Renewal> renewed) {
        if (!renewed) {
          ctx_.log.error("node " + node_ + ": " + renewed.error() +
                         "; its tables may go to other nodes once its lease runs out");
          // Cut off, it sees no node: those it sees again count as come back.
          seen_live_ = 0;
        } else {
          // Back in touch after a failure (or at the start): the tables' own connection may
          // still hold a session that the outage ended, and would fail the next table's write
          // with it; a probe now finds that out, and that write reconnects instead.
          if (seen_live_ == 0) writes_.run([](Store& store) { return store.probe(); }, {});
          if (!renewed->wanted.empty()) let_go(renewed->wanted);
          spread(renewed->shares);
        }
        publish_listings();
        schedule_renewal();
      });
}

void Cluster::spread(const std::vector<SharedStore::Share>& shares) {
  const size_t live = shares.size();
  if (live != seen_live_) {
    // The proxy's choice of node for a table changes with the live nodes: each table may move
    // once more. Only more nodes call for spreading; with fewer, the proxy spreads the dead
    // node's tables itself as its people come back.
    spreading_ = live > seen_live_;
    spread_from_ = std::chrono::steady_clock::now() + kSpreadSettle;
    spread_.clear();
    seen_live_ = live;
  }
  if (!spreading_ || live < 2 || std::chrono::steady_clock::now() < spread_from_) return;
  int64_t total = 0, mine = 0;
  for (const SharedStore::Share& s : shares) {
    total += s.tables;
    if (s.node == node_) mine = s.tables;
  }
  const int64_t part = (total + int64_t(live) - 1) / int64_t(live);
  int64_t releasing = 0;
  {
    std::lock_guard lock(mutex_);
    releasing = int64_t(releasing_.size());
  }
  // Tables handed over but not yet released still count as this node's in the store.
  const int64_t over = std::min(mine - releasing - part, kSpreadPerRenewal);
  if (over <= 0) return;
  std::vector<std::string> codes;
  for (const auto& table : ctx_.lobby->tables()) {
    if (int64_t(codes.size()) >= over) break;
    // A table nobody is connected to stays: nobody would bring it to another node.
    if (table->out_of_play() || table->finished() || !table->has_people() ||
        spread_.count(table->code()))
      continue;
    codes.push_back(table->code());
    spread_.insert(table->code());
  }
  if (codes.empty()) return;
  ctx_.log.event("tables-spread",
                 "node " + node_ + " holds " + std::to_string(mine) + " of the " +
                     std::to_string(total) + " tables of " + std::to_string(live) +
                     " live nodes; it hands " + std::to_string(codes.size()) + " over",
                 {{"node", node_}, {"held", mine}, {"tables", total}, {"nodes", live}});
  let_go(codes);
}

void Cluster::let_go(const std::vector<std::string>& codes) {
  for (const std::string& code : codes) {
    {
      std::lock_guard lock(mutex_);
      releasing_.insert(code);
    }
    // Released through the tables' own write-ahead, after every append queued before it: the
    // next holder reads every action this node acknowledged.
    auto release = [this, code] {
      writes_.run(
          [code](Store& store) { return static_cast<SharedStore&>(store).release_table(code); },
          [this, code](const Status& st) {
            {
              std::lock_guard lock(mutex_);
              releasing_.erase(code);
            }
            if (!st) ctx_.log.error("node " + node_ + ": " + st.error());
          });
    };
    auto table = ctx_.lobby->let_go(code);
    ctx_.log.event("table-moved", "table " + code + " moves to another node",
                   {{"table", code}, {"node", node_}});
    if (table)
      table->hand_over(release);
    else
      release();
  }
}

void Cluster::publish_listings() {
  struct Gathered {
    std::mutex mutex;
    std::map<std::string, std::string> now;
    size_t left = 0;
  };
  auto tables = ctx_.lobby->tables();
  auto gathered = std::make_shared<Gathered>();
  gathered->left = tables.size() + 1;
  auto counted = [this, gathered] {
    std::vector<std::pair<std::string, std::string>> changes;
    {
      std::lock_guard lock(gathered->mutex);
      if (--gathered->left > 0) return;
      std::lock_guard own(mutex_);
      for (const auto& [code, text] : gathered->now)
        if (auto it = published_.find(code); it == published_.end() || it->second != text)
          changes.emplace_back(code, text);
      for (const auto& [code, text] : published_)
        if (!gathered->now.count(code)) changes.emplace_back(code, "");
      published_ = gathered->now;
    }
    if (changes.empty()) return;
    control_->run(
        [changes = std::move(changes)](Store& store) {
          return static_cast<SharedStore&>(store).publish_listings(changes);
        },
        [this](const Status& st) {
          if (!st) ctx_.log.error("node " + node_ + ": " + st.error());
        });
  };
  for (auto& table : tables) {
    if (table->out_of_play()) {
      counted();
      continue;
    }
    table->status([gathered, counted, code = table->code()](json status) {
      if (status.value("listed", false) && status.value("phase", "") != "finished") {
        std::lock_guard lock(gathered->mutex);
        gathered->now[code] = status.dump();
      }
      counted();
    });
  }
  counted();
}

void Cluster::check_store(std::function<void(const Status&)> done) {
  control_->run([](Store& store) { return store.probe(); }, std::move(done));
}

void Cluster::listings_elsewhere(int limit, std::function<void(std::vector<std::string>)> done) {
  ask<std::vector<std::string>>(
      [limit](SharedStore& store) { return store.listings_elsewhere(limit); },
      [this, done = std::move(done)](Result<std::vector<std::string>> found) {
        if (!found) {
          ctx_.log.error("node " + node_ + ": " + found.error());
          return done({});
        }
        done(std::move(*found));
      });
}

void Cluster::bring(const std::string& code, Brought done) {
  {
    std::lock_guard lock(mutex_);
    auto& waiting = bringing_[code];
    waiting.push_back(std::move(done));
    if (waiting.size() > 1) return;  // a claim of this table is under way already
  }
  try_claim(code, 0);
}

void Cluster::try_claim(const std::string& code, int tries) {
  bool letting_go = false;
  {
    std::lock_guard lock(mutex_);
    letting_go = releasing_.count(code) > 0;
  }
  if (letting_go) return claim_later(code, tries, node_);
  ask<SharedStore::Claim>(
      [code](SharedStore& store) { return store.claim_table(code); },
      [this, code, tries](Result<SharedStore::Claim> claim) {
        using F = SharedStore::Claim::Found;
        if (!claim) {
          ctx_.log.error("node " + node_ + ": " + claim.error());
          return finish_bringing(code, Found::Unavailable, nullptr);
        }
        const SharedStore::Claim& c = *claim;
        if (c.found == F::Missing) return finish_bringing(code, Found::Missing, nullptr);
        // Its holder lets go at its next renewal; or, dead, loses it when its lease ends.
        if (c.found == F::Held) return claim_later(code, tries, c.holder);
        auto table = ctx_.lobby->adopt(*c.table);
        if (!table) return finish_bringing(code, Found::Unavailable, nullptr);
        if (c.found == F::Taken)
          ctx_.log.event("table-claimed", "table " + code + " now played on node " + node_,
                         {{"table", code}, {"node", node_}, {"actions", c.table->actions.size()}});
        finish_bringing(code, Found::Here, std::move(table));
      });
}

void Cluster::claim_later(const std::string& code, int tries, const std::string& holder) {
  const int most = int((2 * lease_ + std::chrono::seconds(2)) / kClaimRetry);
  if (tries >= most) {
    ctx_.log.error("table " + code + ": node " + printable(holder) + " still holds it after " +
                   std::to_string(tries) + " tries");
    return finish_bringing(code, Found::Unavailable, nullptr);
  }
  auto timer = std::make_shared<net::steady_timer>(ioc_, kClaimRetry);
  timer->async_wait(
      [this, code, tries, timer](const boost::system::error_code&) { try_claim(code, tries + 1); });
}

void Cluster::finish_bringing(const std::string& code, Found found, std::shared_ptr<Table> table) {
  std::vector<Brought> waiting;
  {
    std::lock_guard lock(mutex_);
    auto it = bringing_.find(code);
    if (it == bringing_.end()) return;
    waiting = std::move(it->second);
    bringing_.erase(it);
  }
  for (auto& done : waiting) done(found, table);
}

}  // namespace sabbat::server
