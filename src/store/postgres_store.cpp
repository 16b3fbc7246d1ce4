// The shared store: tables in PostgreSQL, played by several servers (docs/cluster.md). Each
// unfinished table is held by one node, whose lease in sabbat_nodes it renews; every write
// to a table is refused unless its node holds it, so that a node that lost a table (its lease
// ran out and another took it) can no longer change it.
#include <algorithm>
#include <charconv>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/untrusted.hpp"
#include "store/postgres.hpp"
#include "store/store.hpp"

namespace sabbat {
namespace {

using json = nlohmann::json;
using postgres::Param;
using postgres::Rows;

// The schema's history, oldest first, as in the SQLite store: step k takes a database from
// version k to k + 1, in one transaction with the new version's stamp.
struct SchemaStep {
  const char* change;
  const char* sql;
};

constexpr SchemaStep kSchemaSteps[] = {
    {"create the nodes, the tables and their actions", R"sql(
CREATE TABLE sabbat_nodes (
  name text PRIMARY KEY,
  alive_until timestamptz NOT NULL
);
CREATE TABLE sabbat_tables (
  code text PRIMARY KEY,
  header text NOT NULL,
  settings text NOT NULL,
  result text,
  created_ms bigint NOT NULL,
  created_order bigserial NOT NULL,
  owner text,
  wanted_by text,
  listing text
);
CREATE INDEX sabbat_tables_unfinished ON sabbat_tables (created_ms, created_order)
  WHERE result IS NULL;
CREATE INDEX sabbat_tables_owner ON sabbat_tables (owner) WHERE result IS NULL;
CREATE TABLE sabbat_actions (
  table_code text NOT NULL REFERENCES sabbat_tables (code),
  seq bigint NOT NULL,
  time bigint NOT NULL,
  seat integer NOT NULL,
  action text NOT NULL,
  PRIMARY KEY (table_code, seq)
);
-- Appends a batch ([[code, seq, time, seat, action], ...]) whole or not at all, checked and
-- written as sets (one lock query, one check, one insert), not row by row. A refusal is
-- raised as 'sabbat:<why>:<index from 1>[:<detail>]' for the program to word.
CREATE FUNCTION sabbat_append(node text, batch json) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  bad record;
BEGIN
  -- The batch's tables, locked in one order, so that two writers never wait in a cycle.
  PERFORM 1 FROM sabbat_tables
    WHERE code IN (SELECT DISTINCT x->>0 FROM json_array_elements(batch) AS e(x))
    ORDER BY code FOR UPDATE;
  WITH b AS (
    SELECT x->>0 AS code, (x->>1)::bigint AS seq, i,
           row_number() OVER (PARTITION BY x->>0 ORDER BY i) AS k
    FROM json_array_elements(batch) WITH ORDINALITY AS e(x, i)),
  checked AS (
    SELECT b.i, b.seq, b.k, t.code IS NULL AS unknown, t.result IS NOT NULL AS finished,
           coalesce(t.owner, '') AS holder,
           coalesce((SELECT max(a.seq) FROM sabbat_actions a WHERE a.table_code = b.code), 0)
             AS last
    FROM b LEFT JOIN sabbat_tables t ON t.code = b.code)
  SELECT * INTO bad FROM checked
    WHERE unknown OR finished OR (node <> '' AND holder <> node) OR seq <> last + k
    ORDER BY i LIMIT 1;
  IF FOUND THEN
    IF bad.unknown THEN RAISE EXCEPTION 'sabbat:unknown:%', bad.i; END IF;
    IF bad.finished THEN RAISE EXCEPTION 'sabbat:finished:%', bad.i; END IF;
    IF node <> '' AND bad.holder <> node THEN
      RAISE EXCEPTION 'sabbat:holder:%:%', bad.i, bad.holder;
    END IF;
    RAISE EXCEPTION 'sabbat:seq:%:%', bad.i, bad.last + bad.k;
  END IF;
  INSERT INTO sabbat_actions (table_code, seq, time, seat, action)
    SELECT x->>0, (x->>1)::bigint, (x->>2)::bigint, (x->>3)::integer, x->>4
    FROM json_array_elements(batch) AS e(x);
END
$fn$;
)sql"},
    {"add the tables' chat", R"sql(
ALTER TABLE sabbat_tables ADD COLUMN chat text NOT NULL DEFAULT '';
)sql"},
};
constexpr int64_t kSchemaVersion = int64_t(std::size(kSchemaSteps));

std::string code_text(std::string_view code) {
  return "'" + printable(code) + "'";
}

std::string number(int64_t v) {
  return std::to_string(v);
}

class PostgresStore final : public SharedStore {
 public:
  PostgresStore(postgres::Connection db, std::string node, std::chrono::milliseconds lease)
      : db_(std::move(db)), node_(std::move(node)), lease_(lease) {}

  Status create_table(const StoredTable& table) override {
    if (table.code.empty()) return fail("a table needs a code; the code given is empty");
    if (!table.actions.empty() || table.result)
      return fail("table " + code_text(table.code) +
                  " must be created without actions or result; append them afterwards");
    auto r =
        run("INSERT INTO sabbat_tables (code, header, settings, created_ms, owner) "
            "VALUES ($1, $2, $3, $4, nullif($5, '')) ON CONFLICT (code) DO NOTHING",
            {table.code, table.header, table.settings, number(table.created_ms), node_});
    if (!r) return fail("cannot create table " + code_text(table.code) + ": " + r.error());
    if (r->affected == 0)
      return fail("cannot create table " + code_text(table.code) +
                  ": a table with this code already exists");
    return Status::success();
  }

  Status save_settings(std::string_view code, std::string_view settings) override {
    return held_write("cannot save the settings of table " + code_text(code),
                      "UPDATE sabbat_tables SET settings = $2 WHERE code = $1", code, settings,
                      false);
  }

  Status save_chat(std::string_view code, std::string_view chat) override {
    return held_write("cannot save the chat of table " + code_text(code),
                      "UPDATE sabbat_tables SET chat = $2 WHERE code = $1", code, chat, false);
  }

  Status append_actions(std::span<const StoredAction> actions) override {
    if (actions.empty()) return Status::success();
    json batch = json::array();
    for (const StoredAction& a : actions)
      batch.push_back(
          {a.table, a.action.seq, a.action.time, int64_t(a.action.seat), a.action.action});
    auto r = run("SELECT sabbat_append($1, $2)", {node_, batch.dump()});
    if (r) return Status::success();
    return fail("cannot append actions: " + refusal(r.error(), actions));
  }

  Status finish_table(std::string_view code, std::string_view result_line) override {
    if (result_line.empty())
      return fail("cannot finish table " + code_text(code) + ": the result line is empty");
    return held_write("cannot finish table " + code_text(code),
                      "UPDATE sabbat_tables SET result = $2, owner = NULL, wanted_by = NULL, "
                      "listing = NULL WHERE code = $1",
                      code, result_line, true);
  }

  Result<std::optional<StoredTable>> load_table(std::string_view code) override {
    const std::string what = "cannot load table " + code_text(code);
    // One snapshot for the table and its actions.
    if (Status s = exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); !s)
      return fail(what + ": " + s.error());
    auto table = read_table(code);
    Status end = exec(table ? "COMMIT" : "ROLLBACK");
    if (!table) return fail(what + ": " + table.error());
    if (!end) return fail(what + ": " + end.error());
    return table;
  }

  Result<std::vector<std::string>> unfinished_tables() override {
    return codes(
        "SELECT code FROM sabbat_tables WHERE result IS NULL "
        "ORDER BY created_ms, created_order",
        {}, "cannot list the unfinished tables");
  }

  Result<std::vector<std::string>> finished_tables() override {
    return codes(
        "SELECT code FROM sabbat_tables WHERE result IS NOT NULL "
        "ORDER BY created_ms, created_order",
        {}, "cannot list the finished tables");
  }

  Status probe() override {
    // A write, as an append would make: the node's lease, renewed.
    auto r = renew();
    if (!r) return fail(db_.describe() + " cannot take a write: " + r.error());
    return Status::success();
  }

  // --- Sharing ---

  const std::string& node() const override { return node_; }
  std::chrono::milliseconds lease() const override { return lease_; }

  Result<Claim> claim_table(std::string_view code) override {
    const std::string what = "cannot claim table " + code_text(code);
    auto r = run(R"sql(
WITH taken AS (
  UPDATE sabbat_tables t SET owner = $2, wanted_by = NULL
  WHERE t.code = $1 AND t.result IS NULL AND (
    t.owner IS NULL OR t.owner = $2 OR NOT EXISTS (
      SELECT 1 FROM sabbat_nodes n WHERE n.name = t.owner AND n.alive_until > clock_timestamp()))
  RETURNING 1)
SELECT (SELECT count(*) FROM taken), result IS NOT NULL, coalesce(owner, '')
FROM sabbat_tables WHERE code = $1)sql",
                 {std::string(code), node_});
    if (!r) return fail(what + ": " + r.error());
    Claim claim;
    if (r->rows.size() == 0) return claim;  // Missing
    if (r->rows.integer(0, 0) == 1) {
      claim.found = Claim::Found::Taken;
    } else if (r->rows.text(0, 1) == "t") {
      claim.found = Claim::Found::Finished;
    } else {
      claim.found = Claim::Found::Held;
      claim.holder = r->rows.text(0, 2);
      // Ask the holder to let it go: its next renewal hears of it.
      auto asked =
          run("UPDATE sabbat_tables SET wanted_by = $2 WHERE code = $1 AND "
              "result IS NULL AND owner IS DISTINCT FROM $2",
              {std::string(code), node_});
      if (!asked) return fail(what + ": " + asked.error());
      return claim;
    }
    auto table = load_table(code);
    if (!table) return fail(table.error());
    if (!*table) return Claim{};
    claim.table = std::move(**table);
    return claim;
  }

  Result<std::vector<std::string>> renew_lease() override {
    auto r = renew();
    if (!r) return fail("cannot renew the lease of node '" + printable(node_) + "': " + r.error());
    return codes(
        "SELECT code FROM sabbat_tables WHERE owner = $1 AND result IS NULL AND "
        "wanted_by IS NOT NULL AND wanted_by <> $1 ORDER BY code",
        {node_}, "cannot read the tables other nodes ask for");
  }

  Status release_table(std::string_view code) override {
    auto r =
        run("UPDATE sabbat_tables SET owner = NULL, listing = NULL WHERE code = $1 AND "
            "owner = $2",
            {std::string(code), node_});
    if (!r) return fail("cannot release table " + code_text(code) + ": " + r.error());
    return Status::success();
  }

  Result<std::vector<Share>> live_shares() override {
    auto r = run(R"sql(
SELECT n.name, count(t.code) FROM sabbat_nodes n
LEFT JOIN sabbat_tables t ON t.owner = n.name AND t.result IS NULL
WHERE n.alive_until > clock_timestamp()
GROUP BY n.name ORDER BY n.name)sql",
                 {});
    if (!r) return fail("cannot read the live nodes' shares: " + r.error());
    std::vector<Share> out;
    for (int i = 0; i < r->rows.size(); ++i)
      out.push_back({r->rows.text(i, 0), r->rows.integer(i, 1)});
    return out;
  }

  Status release_all() override {
    auto r =
        run("UPDATE sabbat_tables SET owner = NULL, listing = NULL WHERE owner = $1 AND "
            "result IS NULL",
            {node_});
    if (r) r = run("DELETE FROM sabbat_nodes WHERE name = $1", {node_});
    if (!r)
      return fail("cannot let go of the tables of node '" + printable(node_) + "': " + r.error());
    return Status::success();
  }

  Result<std::vector<std::string>> held_tables() override {
    return codes(
        "SELECT code FROM sabbat_tables WHERE owner = $1 AND result IS NULL "
        "ORDER BY created_ms, created_order",
        {node_}, "cannot list the tables this node holds");
  }

  Status publish_listings(
      const std::vector<std::pair<std::string, std::string>>& listings) override {
    if (listings.empty()) return Status::success();
    json rows = json::array();
    for (const auto& [code, status] : listings)
      rows.push_back({{"c", code}, {"s", status.empty() ? json(nullptr) : json(status)}});
    auto r =
        run("UPDATE sabbat_tables t SET listing = x.s FROM json_to_recordset($2) AS "
            "x(c text, s text) WHERE t.code = x.c AND t.owner = $1",
            {node_, rows.dump()});
    if (!r) return fail("cannot publish the listed tables: " + r.error());
    return Status::success();
  }

  Result<std::vector<std::string>> listings_elsewhere(int limit) override {
    return codes(R"sql(
SELECT t.listing FROM sabbat_tables t JOIN sabbat_nodes n ON n.name = t.owner
WHERE t.result IS NULL AND t.listing IS NOT NULL AND t.owner <> $1
  AND n.alive_until > clock_timestamp()
ORDER BY t.code LIMIT $2)sql",
                 {node_, number(limit)}, "cannot read the tables listed by other nodes");
  }

  Status register_node() {
    auto r = renew();
    if (!r) return fail("cannot register node '" + printable(node_) + "': " + r.error());
    return Status::success();
  }

  Status set_up_schema(const std::string& where) {
    // One node at a time takes the steps; the others then find them taken.
    if (Status s = exec("SELECT pg_advisory_lock(5361626261)"); !s) return s;
    Status s = take_steps(where);
    (void)exec("SELECT pg_advisory_unlock(5361626261)");
    return s;
  }

 private:
  struct Ran {
    Rows rows;
    int64_t affected = 0;
  };

  // Runs a statement, opening the connection again first if it was lost.
  Result<Ran> run(std::string_view sql, const std::vector<Param>& params) {
    if (db_.broken())
      if (Status s = db_.reconnect(); !s) return fail(s.error());
    auto r = db_.run(sql, params);
    if (!r) return fail(r.error());
    Ran out{std::move(*r), 0};
    out.affected = out.rows.affected();
    return out;
  }

  Status exec(const char* sql) {
    if (db_.broken())
      if (Status s = db_.reconnect(); !s) return s;
    return db_.exec(sql);
  }

  Result<Ran> renew() {
    return run(
        "INSERT INTO sabbat_nodes (name, alive_until) VALUES ($1, clock_timestamp() + "
        "$2::bigint * interval '1 millisecond') ON CONFLICT (name) DO UPDATE SET "
        "alive_until = EXCLUDED.alive_until",
        {node_, number(lease_.count())});
  }

  Result<std::vector<std::string>> codes(std::string_view sql, const std::vector<Param>& params,
                                         const char* what) {
    auto r = run(sql, params);
    if (!r) return fail(std::string(what) + ": " + r.error());
    std::vector<std::string> out;
    out.reserve(size_t(r->rows.size()));
    for (int i = 0; i < r->rows.size(); ++i) out.push_back(r->rows.text(i, 0));
    return out;
  }

  // A change of one table that this node holds (or, without `finishing`, of a finished one):
  // checked and made in one transaction. `sql` takes $1 the code and $2 the value.
  Status held_write(const std::string& what, std::string_view sql, std::string_view code,
                    std::string_view value, bool finishing) {
    if (Status s = exec("BEGIN"); !s) return fail(what + ": " + s.error());
    auto r = [&]() -> Status {
      auto found =
          run("SELECT result IS NOT NULL, coalesce(owner, '') FROM sabbat_tables "
              "WHERE code = $1 FOR UPDATE",
              {std::string(code)});
      if (!found) return fail(found.error());
      if (found->rows.size() == 0) return fail("no table has this code");
      if (finishing && found->rows.text(0, 0) == "t") return fail("the table is already finished");
      if (!node_.empty() && found->rows.text(0, 0) != "t" && found->rows.text(0, 1) != node_)
        return fail(held_elsewhere(found->rows.text(0, 1)));
      auto changed = run(sql, {std::string(code), std::string(value)});
      if (!changed) return fail(changed.error());
      return Status::success();
    }();
    if (!r) {
      (void)exec("ROLLBACK");
      return fail(what + ": " + r.error());
    }
    if (Status s = exec("COMMIT"); !s) return fail(what + ": " + s.error());
    return Status::success();
  }

  std::string held_elsewhere(const std::string& holder) const {
    return holder.empty() ? "node '" + printable(node_) + "' does not hold the table"
                          : "the table is held by node '" + printable(holder) + "', not by '" +
                                printable(node_) + "'";
  }

  // Words sabbat_append's refusal ('sabbat:<why>:<index>[:<detail>]').
  std::string refusal(const std::string& raised, std::span<const StoredAction> actions) const {
    if (!raised.starts_with("sabbat:")) return raised;
    std::vector<std::string> parts;
    for (size_t start = 0, end; start <= raised.size(); start = end + 1) {
      end = raised.find(':', start);
      if (end == std::string::npos) end = raised.size();
      parts.push_back(raised.substr(start, end - start));
      if (parts.size() == 4) {
        parts.back() = raised.substr(start);
        break;
      }
    }
    size_t index = 0;
    if (parts.size() >= 3)
      std::from_chars(parts[2].data(), parts[2].data() + parts[2].size(), index);
    if (index < 1 || index > actions.size()) return raised;
    const StoredAction& a = actions[index - 1];
    const std::string& why = parts[1];
    const std::string detail = parts.size() > 3 ? parts[3] : "";
    if (why == "unknown") return "no table has the code " + code_text(a.table);
    if (why == "finished")
      return "table " + code_text(a.table) + " is finished; it takes no more actions";
    if (why == "holder") return "table " + code_text(a.table) + ": " + held_elsewhere(detail);
    if (why == "seq")
      return "table " + code_text(a.table) + ": action seq " + number(a.action.seq) +
             " is not the next one (" + detail + ")";
    return raised;
  }

  Result<std::optional<StoredTable>> read_table(std::string_view code) {
    auto head =
        run("SELECT header, settings, result, created_ms, chat FROM sabbat_tables WHERE code = $1",
            {std::string(code)});
    if (!head) return fail(head.error());
    if (head->rows.size() == 0) return std::optional<StoredTable>();
    StoredTable table;
    table.code = std::string(code);
    table.header = head->rows.text(0, 0);
    table.settings = head->rows.text(0, 1);
    if (!head->rows.null(0, 2)) table.result = head->rows.text(0, 2);
    table.created_ms = head->rows.integer(0, 3);
    table.chat = head->rows.text(0, 4);
    auto actions =
        run("SELECT seq, time, seat, action FROM sabbat_actions WHERE table_code = $1 "
            "ORDER BY seq",
            {std::string(code)});
    if (!actions) return fail(actions.error());
    const Rows& rows = actions->rows;
    table.actions.reserve(size_t(rows.size()));
    for (int i = 0; i < rows.size(); ++i)
      table.actions.push_back(RecordedAction{rows.integer(i, 0), rows.integer(i, 1),
                                             Seat(rows.integer(i, 2)), rows.text(i, 3)});
    return std::optional<StoredTable>(std::move(table));
  }

  Status take_steps(const std::string& where) {
    if (Status s = exec("CREATE TABLE IF NOT EXISTS sabbat_schema (version integer NOT NULL)"); !s)
      return fail("cannot set up the store in " + where + ": " + s.error());
    auto v = run("SELECT coalesce(max(version), 0) FROM sabbat_schema", {});
    if (!v) return fail("cannot read the schema version in " + where + ": " + v.error());
    const int64_t version = v->rows.integer(0, 0);
    if (version > kSchemaVersion)
      return fail("cannot open the store in " + where + ": its schema version is " +
                  number(version) + ", written by a newer Sabbat; this program reads versions " +
                  "up to " + number(kSchemaVersion) + " (nothing was changed)");
    for (int64_t from = version; from < kSchemaVersion; ++from) {
      Status s = exec("BEGIN");
      if (s) s = exec(kSchemaSteps[from].sql);
      if (s) {
        auto stamped = run(from == 0 ? "INSERT INTO sabbat_schema (version) VALUES ($1)"
                                     : "UPDATE sabbat_schema SET version = $1",
                           {number(from + 1)});
        if (!stamped) s = fail(stamped.error());
      }
      if (s) s = exec("COMMIT");
      if (!s) {
        (void)exec("ROLLBACK");
        return fail("cannot bring the store in " + where + " from schema version " + number(from) +
                    " to " + number(from + 1) + " (" + kSchemaSteps[from].change +
                    "): " + s.error());
      }
    }
    return Status::success();
  }

  postgres::Connection db_;
  std::string node_;
  std::chrono::milliseconds lease_;
};

}  // namespace

Result<std::unique_ptr<SharedStore>> open_postgresql_store(const std::string& url, std::string node,
                                                           std::chrono::milliseconds lease) {
  auto db = postgres::Connection::open(url);
  if (!db) return fail("cannot open the store: " + db.error());
  const std::string where = db->describe();
  auto store = std::make_unique<PostgresStore>(std::move(*db), std::move(node), lease);
  if (Status s = store->set_up_schema(where); !s) return fail(s.error());
  if (!store->node().empty())
    if (Status s = store->register_node(); !s) return fail(s.error());
  return std::unique_ptr<SharedStore>(std::move(store));
}

int64_t postgresql_store_schema_version() {
  return kSchemaVersion;
}

}  // namespace sabbat
