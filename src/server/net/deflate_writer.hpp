#pragma once
// A deflate compressor (RFC 1951) made for permessage-deflate's messages to one seat, cheaper
// than zlib's fastest level on them (bench/README.md, "The settings"). A seat's next message
// repeats most of what it was sent last, so the compressor looks for matches in the bytes the
// connection sent before (its history, which the client's inflater holds as its window) and in
// the message itself: a four-byte hash of every fourth byte of the history and of every byte of
// the message scanned, one candidate per hash, each match extended both ways. Everything goes
// in one block of fixed Huffman codes (no tree to build or send: the messages are mostly
// matches), ended as a sync flush is, without its 00 00 ff ff (RFC 7692 §7.2.1).
#include <cstddef>
#include <string>

namespace sabbat::server {

// Appends to `out` the compressed form of history[start, end): history[0, start) is what the
// client's inflater already holds, in order; matches reach back at most 2^window_bits bytes.
void deflate_message(const std::string& history, std::size_t start, int window_bits,
                     std::string& out);

}  // namespace sabbat::server
