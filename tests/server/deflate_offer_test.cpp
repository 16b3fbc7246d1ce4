// permessage-deflate's negotiation (RFC 7692 §5, §7.1) as the server reads a client's offers:
// what it answers for each parameter, and the offers it must decline.
#include <gtest/gtest.h>

#include "server/net/deflate_offer.hpp"

namespace sabbat::server {
namespace {

// The answer to `offer`, or "declined".
std::string answer(const std::string& offer) {
  const auto terms = negotiate_deflate(offer, DeflatePolicy{13, 9});
  return terms ? deflate_answer(*terms) : "declined";
}

// What chromium offers: the server names its own window and chooses the client's (§7.1.2.2).
TEST(DeflateOffer, ChromiumsOfferGetsBothWindows) {
  EXPECT_EQ(answer("permessage-deflate; client_max_window_bits"),
            "permessage-deflate; server_max_window_bits=13; client_max_window_bits=9");
}

// Without client_max_window_bits in the offer the answer must not name it (§7.1.2.2).
TEST(DeflateOffer, ABareOfferGetsTheServersWindowOnly) {
  EXPECT_EQ(answer("permessage-deflate"), "permessage-deflate; server_max_window_bits=13");
  const auto terms = negotiate_deflate("permessage-deflate", DeflatePolicy{13, 9});
  ASSERT_TRUE(terms);
  EXPECT_EQ(terms->client_window_bits, 15);
}

// §7.1.1: both no_context_takeover parameters are honoured and answered.
TEST(DeflateOffer, NoContextTakeoverIsHonouredBothWays) {
  EXPECT_EQ(answer("permessage-deflate; server_no_context_takeover"),
            "permessage-deflate; server_no_context_takeover; server_max_window_bits=13");
  EXPECT_EQ(answer("permessage-deflate; client_no_context_takeover"),
            "permessage-deflate; client_no_context_takeover; server_max_window_bits=13");
  const auto terms = negotiate_deflate(
      "permessage-deflate; client_no_context_takeover; server_no_context_takeover", {13, 9});
  ASSERT_TRUE(terms);
  EXPECT_TRUE(terms->server_no_context_takeover);
  EXPECT_TRUE(terms->client_no_context_takeover);
}

// §7.1.2.1: the server's window is at most what the client asked, at most the server's own.
TEST(DeflateOffer, TheServersWindowIsTheSmallerOfBoth) {
  EXPECT_EQ(answer("permessage-deflate; server_max_window_bits=10"),
            "permessage-deflate; server_max_window_bits=10");
  EXPECT_EQ(answer("permessage-deflate; server_max_window_bits=15"),
            "permessage-deflate; server_max_window_bits=13");
  EXPECT_EQ(answer("permessage-deflate; server_max_window_bits=\"11\""),
            "permessage-deflate; server_max_window_bits=11");
}

// zlib's raw deflate cannot keep to a 256-byte window (it takes 8 bits for 9), so that offer is
// declined rather than answered with a larger window than asked.
TEST(DeflateOffer, AnEightBitServerWindowIsDeclined) {
  EXPECT_EQ(answer("permessage-deflate; server_max_window_bits=8"), "declined");
}

// §7.1.2.2: a client's value is a limit the server may lower.
TEST(DeflateOffer, TheClientsWindowIsTheSmallerOfBoth) {
  EXPECT_EQ(answer("permessage-deflate; client_max_window_bits=12"),
            "permessage-deflate; server_max_window_bits=13; client_max_window_bits=9");
  EXPECT_EQ(answer("permessage-deflate; client_max_window_bits=8"),
            "permessage-deflate; server_max_window_bits=13; client_max_window_bits=8");
}

// §5.1 and §7.1: an offer with a parameter out of range, without its value, with a value it may
// not have, unknown, or given twice is declined.
TEST(DeflateOffer, BadParametersAreDeclined) {
  for (const char* offer : {
           "permessage-deflate; server_max_window_bits",
           "permessage-deflate; server_max_window_bits=16",
           "permessage-deflate; server_max_window_bits=7",
           "permessage-deflate; server_max_window_bits=010",
           "permessage-deflate; server_max_window_bits=ten",
           "permessage-deflate; client_max_window_bits=16",
           "permessage-deflate; client_max_window_bits=",
           "permessage-deflate; server_no_context_takeover=1",
           "permessage-deflate; client_no_context_takeover=yes",
           "permessage-deflate; max_window_bits=10",
           "permessage-deflate; client_max_window_bits; client_max_window_bits",
           "permessage-deflate; server_no_context_takeover; server_no_context_takeover",
       })
    EXPECT_EQ(answer(offer), "declined") << offer;
}

// §5: offers come in order of preference; a declined one gives way to the next.
TEST(DeflateOffer, TheFirstAcceptableOfSeveralIsTaken) {
  EXPECT_EQ(answer("permessage-deflate; server_max_window_bits=8, "
                   "permessage-deflate; client_max_window_bits"),
            "permessage-deflate; server_max_window_bits=13; client_max_window_bits=9");
  EXPECT_EQ(answer("permessage-deflate; server_no_context_takeover, permessage-deflate"),
            "permessage-deflate; server_no_context_takeover; server_max_window_bits=13");
  EXPECT_EQ(answer("x-webkit-deflate-frame, permessage-deflate"),
            "permessage-deflate; server_max_window_bits=13");
}

// Names are tokens, compared without case; spaces around them are allowed.
TEST(DeflateOffer, NamesIgnoreCaseAndSpaces) {
  EXPECT_EQ(answer("  Permessage-Deflate ;Client_Max_Window_Bits  "),
            "permessage-deflate; server_max_window_bits=13; client_max_window_bits=9");
}

TEST(DeflateOffer, NoOfferNoExtension) {
  EXPECT_EQ(answer(""), "declined");
  EXPECT_EQ(answer("x-webkit-deflate-frame"), "declined");
  EXPECT_EQ(answer(",,"), "declined");
}

}  // namespace
}  // namespace sabbat::server
