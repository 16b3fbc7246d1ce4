// The web client's files over real HTTP (docs/web.md, "Serving"): the build's .br and .gz twins
// chosen by Accept-Encoding, content-hashed names kept for a year, the other files revalidated
// by their ETag (304), and a build without twins served as it is.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "server/harness.hpp"
#include "server/server.hpp"
#include "server/sessions/web_files.hpp"

namespace sabbat::server::testing {
namespace {

void write_file(const std::filesystem::path& p, const std::string& text) {
  std::filesystem::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// A web build as scripts/build.mjs makes one: a hashed script with both twins, a hashed style
// with a gzip twin only, index.html with twins, and a favicon without any.
class StaticFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto web = data_.path() / "web";
    write_file(web / "index.html", "<!doctype html>plain index");
    write_file(web / "index.html.gz", "gzip index");
    write_file(web / "index.html.br", "brotli index");
    write_file(web / "app.AB12CD34.js", "plain script");
    write_file(web / "app.AB12CD34.js.gz", "gzip script");
    write_file(web / "app.AB12CD34.js.br", "brotli script");
    write_file(web / "app.ZZ99YY88.css", "plain style");
    write_file(web / "app.ZZ99YY88.css.gz", "gzip style");
    write_file(web / "favicon.svg", "<svg/>");
    write_file(web / "play" / "sortileges.en.html", "plain rules page");
    write_file(web / "play" / "sortileges.en.html.br", "brotli rules page");
    ServerOptions o;
    o.host = "127.0.0.1";
    o.port = 0;
    o.data_dir = (data_.path() / "data").string();
    o.web_dir = web.string();
    o.log = [](std::string_view) {};
    auto s = Server::start(o);
    ASSERT_TRUE(s) << s.error();
    server_ = std::move(*s);
  }
  void TearDown() override {
    if (!server_) return;
    server_->stop();
    server_->wait();
  }
  uint16_t port() const { return server_->port(); }

  TempDir data_;
  std::unique_ptr<Server> server_;
};

constexpr auto kAccept = "Accept-Encoding";
constexpr auto kIfNoneMatch = "If-None-Match";
const std::string kChromium = "gzip, deflate, br, zstd";

// Requirement: a browser that takes brotli gets the build's .br twin, labelled as such, with
// the plain file's type, and the answer varies by Accept-Encoding.
TEST_F(StaticFiles, BrotliTwinGoesToABrowserThatTakesIt) {
  const HttpAnswer a = http_get(port(), "/app.AB12CD34.js", {{kAccept, kChromium}});
  EXPECT_EQ(a.status, 200);
  EXPECT_EQ(a.body, "brotli script");
  EXPECT_EQ(a.header("Content-Encoding"), "br");
  EXPECT_EQ(a.header("Content-Type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(a.header("Vary"), "Accept-Encoding");
  EXPECT_EQ(a.header("Content-Length"), std::to_string(std::string("brotli script").size()));
}

// Requirement: gzip when brotli is not taken, refused (q=0) or missing; the file itself when no
// coding is taken or none was built (a build that lacks .gz and .br files is served plain).
TEST_F(StaticFiles, TheCodingFollowsAcceptEncodingAndWhatTheBuildHolds) {
  EXPECT_EQ(http_get(port(), "/app.AB12CD34.js", {{kAccept, "gzip, deflate"}}).body, "gzip script");
  EXPECT_EQ(http_get(port(), "/app.AB12CD34.js", {{kAccept, "br;q=0, gzip"}}).body, "gzip script");
  EXPECT_EQ(http_get(port(), "/app.AB12CD34.js", {{kAccept, "gzip;q=1, br;q=0.5"}}).body,
            "gzip script");
  EXPECT_EQ(http_get(port(), "/app.AB12CD34.js", {{kAccept, "*"}}).body, "brotli script");
  const HttpAnswer none = http_get(port(), "/app.AB12CD34.js");
  EXPECT_EQ(none.body, "plain script");
  EXPECT_FALSE(none.has("Content-Encoding"));
  const HttpAnswer identity = http_get(port(), "/app.AB12CD34.js", {{kAccept, "identity"}});
  EXPECT_EQ(identity.body, "plain script");
  // The style has a gzip twin only.
  const HttpAnswer style = http_get(port(), "/app.ZZ99YY88.css", {{kAccept, kChromium}});
  EXPECT_EQ(style.body, "gzip style");
  EXPECT_EQ(style.header("Content-Encoding"), "gzip");
  EXPECT_EQ(style.header("Content-Type"), "text/css; charset=utf-8");
  // The favicon has none.
  const HttpAnswer icon = http_get(port(), "/favicon.svg", {{kAccept, kChromium}});
  EXPECT_EQ(icon.status, 200);
  EXPECT_EQ(icon.body, "<svg/>");
  EXPECT_FALSE(icon.has("Content-Encoding"));
  EXPECT_EQ(icon.header("Vary"), "Accept-Encoding");
}

// Requirement: the twins are not files of their own to the outside: no type is served for them.
TEST_F(StaticFiles, TwinsAreNotServedByTheirOwnNames) {
  EXPECT_EQ(http_get(port(), "/app.AB12CD34.js.gz").status, 404);
  EXPECT_EQ(http_get(port(), "/app.AB12CD34.js.br").status, 404);
}

// Requirement: content-hashed names are kept by browsers for a year without asking again.
TEST_F(StaticFiles, HashedNamesAreImmutable) {
  for (const char* target : {"/app.AB12CD34.js", "/app.ZZ99YY88.css"})
    EXPECT_EQ(http_get(port(), target, {{kAccept, kChromium}}).header("Cache-Control"),
              "public, max-age=31536000, immutable")
        << target;
}

// Requirement: index.html (for / and /t/CODE too), the players' rules pages and the other
// unhashed files are revalidated: Cache-Control no-cache, an ETag, and If-None-Match naming it
// answers 304 with no body.
TEST_F(StaticFiles, UnhashedFilesAreRevalidatedByTheirETag) {
  for (const char* target :
       {"/", "/t/ABCDE", "/index.html", "/play/sortileges.en.html", "/favicon.svg"}) {
    const HttpAnswer first = http_get(port(), target, {{kAccept, kChromium}});
    ASSERT_EQ(first.status, 200) << target;
    EXPECT_EQ(first.header("Cache-Control"), "no-cache") << target;
    const std::string etag = first.header("ETag");
    ASSERT_FALSE(etag.empty()) << target;
    EXPECT_EQ(etag.front(), '"');
    EXPECT_EQ(etag.back(), '"');
    const HttpAnswer again = http_get(port(), target, {{kAccept, kChromium}, {kIfNoneMatch, etag}});
    EXPECT_EQ(again.status, 304) << target;
    EXPECT_TRUE(again.body.empty()) << target;
    EXPECT_EQ(again.header("ETag"), etag) << target;
    EXPECT_EQ(again.header("Cache-Control"), "no-cache") << target;
    EXPECT_EQ(again.header("Vary"), "Accept-Encoding") << target;
    // A list holding it, weak or not, matches too; another tag does not.
    EXPECT_EQ(
        http_get(port(), target, {{kAccept, kChromium}, {kIfNoneMatch, "\"x\", W/" + etag}}).status,
        304)
        << target;
    const HttpAnswer other =
        http_get(port(), target, {{kAccept, kChromium}, {kIfNoneMatch, "\"x\""}});
    EXPECT_EQ(other.status, 200) << target;
    EXPECT_FALSE(other.body.empty()) << target;
  }
}

// Requirement: each coding of a file has its own ETag, so that a cache never answers a 304 for
// a body in another coding.
TEST_F(StaticFiles, EachCodingHasItsOwnETag) {
  const std::string br = http_get(port(), "/index.html", {{kAccept, "br"}}).header("ETag");
  const std::string gz = http_get(port(), "/index.html", {{kAccept, "gzip"}}).header("ETag");
  const std::string plain = http_get(port(), "/index.html").header("ETag");
  EXPECT_NE(br, gz);
  EXPECT_NE(br, plain);
  EXPECT_NE(gz, plain);
  EXPECT_EQ(http_get(port(), "/index.html", {{kAccept, "gzip"}, {kIfNoneMatch, br}}).status, 200);
}

// Requirement: a new build's index.html gets a new ETag, so a browser revalidating it gets it.
TEST_F(StaticFiles, ARebuiltFileGetsANewETag) {
  const std::string before = http_get(port(), "/index.html").header("ETag");
  write_file(data_.path() / "web" / "index.html", "<!doctype html>the next build's index");
  const HttpAnswer after = http_get(port(), "/index.html", {{kIfNoneMatch, before}});
  EXPECT_EQ(after.status, 200);
  EXPECT_EQ(after.body, "<!doctype html>the next build's index");
  EXPECT_NE(after.header("ETag"), before);
}

// Requirement: the lobby's catalogue of games (GET /api/games) goes gzipped to a browser that
// takes gzip, and a browser that has it already gets a 304 for its ETag; without web files too.
TEST(GamesCatalogue, IsGzippedAndRevalidated) {
  TempDir data;
  TestServer server(data.path());
  const HttpAnswer plain = http_get(server.port(), "/api/games");
  ASSERT_EQ(plain.status, 200);
  EXPECT_FALSE(plain.has("Content-Encoding"));
  EXPECT_EQ(plain.header("Cache-Control"), "no-cache");
  const json catalogue = json::parse(plain.body);
  EXPECT_EQ(catalogue["games"].size(), registry().games().size());
  const HttpAnswer gz = http_get(server.port(), "/api/games", {{kAccept, kChromium}});
  EXPECT_EQ(gz.status, 200);
  EXPECT_EQ(gz.header("Content-Encoding"), "gzip");
  EXPECT_EQ(gz.header("Content-Type"), "application/json");
  EXPECT_EQ(gz.header("Vary"), "Accept-Encoding");
  EXPECT_EQ(gz.body, gzip_for_tests(plain.body));
  EXPECT_LT(gz.body.size() * 2, plain.body.size());
  EXPECT_NE(gz.header("ETag"), plain.header("ETag"));
  for (const HttpAnswer* a : {&plain, &gz}) {
    const HttpAnswer again =
        http_get(server.port(), "/api/games",
                 {{kAccept, a == &gz ? kChromium : "identity"}, {kIfNoneMatch, a->header("ETag")}});
    EXPECT_EQ(again.status, 304);
    EXPECT_TRUE(again.body.empty());
    EXPECT_EQ(again.header("ETag"), a->header("ETag"));
  }
}

// The gzip maker's output is gzip: checked against a known answer (the header, the CRC-32 of
// "a", IEEE 802.3, is e8b7be43, and the length 1).
TEST(StaticFileParts, GzipFormat) {
  const std::string z = gzip_for_tests("a");
  ASSERT_GE(z.size(), 18u);
  EXPECT_EQ(z.substr(0, 3), std::string("\x1f\x8b\x08", 3));
  EXPECT_EQ(z.substr(z.size() - 8), std::string("\x43\xbe\xb7\xe8\x01\x00\x00\x00", 8));
}

// The rules of the parts, on their own.
TEST(StaticFileParts, AcceptEncodingQValues) {
  EXPECT_EQ(accepted_q("gzip, deflate, br", "br"), 1);
  EXPECT_EQ(accepted_q("gzip;q=0.8, BR;q=0.5", "br"), 0.5);
  EXPECT_EQ(accepted_q("gzip ; q=0.8", "gzip"), 0.8);
  EXPECT_EQ(accepted_q("gzip", "br"), 0);
  EXPECT_EQ(accepted_q("*;q=0.3, gzip", "br"), 0.3);
  EXPECT_EQ(accepted_q("*, br;q=0", "br"), 0);
  EXPECT_EQ(accepted_q("br;q=nonsense", "br"), 0);
  EXPECT_EQ(accepted_q("br;q=2", "br"), 0);
  EXPECT_EQ(accepted_q("", "identity"), 1);
  EXPECT_EQ(accepted_q("", "gzip"), 0);
}

TEST(StaticFileParts, ContentHashedNames) {
  EXPECT_TRUE(content_hashed("/web/app.WZ2QGENU.js"));
  EXPECT_TRUE(content_hashed("app.EDU3HNSW.css"));
  EXPECT_FALSE(content_hashed("/web/app.js"));
  EXPECT_FALSE(content_hashed("/web/index.html"));
  EXPECT_FALSE(content_hashed("/web/play/sortileges.fr.html"));
  EXPECT_FALSE(content_hashed("/web/app.wz2qgenu.js"));  // esbuild's hashes are upper case
  EXPECT_FALSE(content_hashed("/web/app.WZ2QGENUX.js"));
  EXPECT_FALSE(content_hashed("/web/.WZ2QGENU.js"));
}

TEST(StaticFileParts, IfNoneMatchLists) {
  EXPECT_TRUE(etag_matches("\"a\"", "\"a\""));
  EXPECT_TRUE(etag_matches("\"b\", \"a\"", "\"a\""));
  EXPECT_TRUE(etag_matches("W/\"a\"", "\"a\""));
  EXPECT_TRUE(etag_matches("*", "\"a\""));
  EXPECT_FALSE(etag_matches("\"ab\"", "\"a\""));
  EXPECT_FALSE(etag_matches("", "\"a\""));
}

}  // namespace
}  // namespace sabbat::server::testing
