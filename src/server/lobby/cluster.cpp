#include "server/lobby/cluster.hpp"

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
  ask<std::vector<std::string>>(
      [](SharedStore& store) { return store.renew_lease(); },
      [this](Result<std::vector<std::string>> wanted) {
        if (!wanted)
          ctx_.log.error("node " + node_ + ": " + wanted.error() +
                         "; its tables may go to other nodes once its lease runs out");
        else if (!wanted->empty())
          let_go(*wanted);
        publish_listings();
        schedule_renewal();
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
          ctx_.log.event("table-claimed", "table " + code + " now played on node " + node_,
                         {{"table", code}, {"node", node_}, {"actions", c.table->actions.size()}});
        finish_bringing(code, Found::Here, std::move(table));
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
