#include "server/cluster.hpp"

#include <boost/asio/post.hpp>

#include "core/untrusted.hpp"
#include "server/lobby.hpp"
#include "server/table.hpp"

namespace sabbat::server {

namespace net = boost::asio;

namespace {

// How often a claim of a table that another node holds is tried again while that node lets
// go (it hears of the request at its next renewal, a third of a lease away at most).
constexpr auto kClaimRetry = std::chrono::milliseconds(200);

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

void Cluster::renew() {
  auto wanted = std::make_shared<std::vector<std::string>>();
  control_->run(
      [wanted](Store& store) -> Status {
        auto asked = static_cast<SharedStore&>(store).renew_lease();
        if (!asked) return fail(asked.error());
        *wanted = std::move(*asked);
        return Status::success();
      },
      [this, wanted](const Status& st) {
        net::post(ioc_, [this, wanted, st] {
          if (!st)
            ctx_.log.error("node " + node_ + ": " + st.error() +
                           "; its tables may go to other nodes once its lease runs out");
          else if (!wanted->empty())
            let_go(*wanted);
          publish_listings();
          schedule_renewal();
        });
      });
}

void Cluster::let_go(const std::vector<std::string>& codes) {
  for (const std::string& code : codes) {
    // Released through the tables' own write-ahead, after every append queued before it: the
    // next holder reads every action this node acknowledged.
    auto release = [this, code] {
      writes_.run(
          [code](Store& store) { return static_cast<SharedStore&>(store).release_table(code); },
          [this, code](const Status& st) {
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
  auto found = std::make_shared<std::vector<std::string>>();
  control_->run(
      [found, limit](Store& store) -> Status {
        auto listed = static_cast<SharedStore&>(store).listings_elsewhere(limit);
        if (!listed) return fail(listed.error());
        *found = std::move(*listed);
        return Status::success();
      },
      [this, found, done = std::move(done)](const Status& st) {
        if (!st) ctx_.log.error("node " + node_ + ": " + st.error());
        net::post(ioc_, [found, done] { done(std::move(*found)); });
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
  auto claim = std::make_shared<std::optional<SharedStore::Claim>>();
  control_->run(
      [code, claim](Store& store) -> Status {
        auto claimed = static_cast<SharedStore&>(store).claim_table(code);
        if (!claimed) return fail(claimed.error());
        *claim = std::move(*claimed);
        return Status::success();
      },
      [this, code, claim, tries](const Status& st) {
        net::post(ioc_, [this, code, claim, tries, st] {
          using F = SharedStore::Claim::Found;
          if (!st) {
            ctx_.log.error("node " + node_ + ": " + st.error());
            return finish_bringing(code, Found::Unavailable, nullptr);
          }
          const SharedStore::Claim& c = **claim;
          if (c.found == F::Missing) return finish_bringing(code, Found::Missing, nullptr);
          if (c.found == F::Held) {
            // Its holder lets go at its next renewal; or, dead, loses it when its lease ends.
            const int most = int((2 * lease_ + std::chrono::seconds(2)) / kClaimRetry);
            if (tries >= most) {
              ctx_.log.error("table " + code + ": node " + printable(c.holder) +
                             " still holds it after " + std::to_string(tries) + " tries");
              return finish_bringing(code, Found::Unavailable, nullptr);
            }
            auto timer = std::make_shared<net::steady_timer>(ioc_, kClaimRetry);
            timer->async_wait([this, code, tries, timer](const boost::system::error_code&) {
              try_claim(code, tries + 1);
            });
            return;
          }
          auto table = ctx_.lobby->adopt(*c.table);
          if (!table) return finish_bringing(code, Found::Unavailable, nullptr);
          if (c.found == F::Taken)
            ctx_.log.event(
                "table-claimed", "table " + code + " now played on node " + node_,
                {{"table", code}, {"node", node_}, {"actions", c.table->actions.size()}});
          finish_bringing(code, Found::Here, std::move(table));
        });
      });
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
