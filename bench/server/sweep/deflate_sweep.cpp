// The cost of permessage-deflate's settings on the messages one seat really receives: reads a
// file of messages (one a line, as `bench/server/inflate_check.py PORT GAME TABLES FILE` writes
// them) and compresses them in order with zlib, raw deflate, Z_SYNC_FLUSH per message and the
// four flush bytes removed, as the server does (src/server/net/message_deflate.hpp). Two ways
// to keep the context from message to message are compared:
// - kept: one z_stream per connection for its life (its window and hash tables held);
// - primed: one z_stream per thread, reset for each message and given the seat's last text as
//   its dictionary (a connection then holds only that text).
// - own: the server's own compressor (src/server/net/deflate_writer.hpp), the connection's
//   last 2^window bytes as its history; every message it makes is inflated by zlib and checked.
// Prints, per setting, the bytes on the wire per message (with the frame's header) against the
// text, and the CPU time per message (this thread's, the median of REPEAT passes).
//
//   build/deflate_sweep FILE [REPEAT]
#include <zlib.h>

#include "server/net/deflate_writer.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

namespace {

double thread_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

std::size_t frame_header(std::size_t n) {
  return n < 126 ? 2 : n < 65536 ? 4 : 10;
}

struct Setting {
  bool primed;
  int level, window_bits, mem_level, strategy;
};

struct Figures {
  double wire_bytes = 0;  // per message
  double cpu_us = 0;      // per message
};

const char* strategy_name(int s) {
  return s == Z_FIXED ? "fixed" : s == Z_HUFFMAN_ONLY ? "huffman" : s == Z_RLE ? "rle" : "default";
}

// Compresses `m` through `z` into `out`; the bytes of the message on the wire.
std::size_t compress(z_stream& z, const std::string& m, std::vector<unsigned char>& out) {
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(m.data()));
  z.avail_in = uInt(m.size());
  z.next_out = out.data();
  z.avail_out = uInt(out.size());
  if (deflate(&z, Z_SYNC_FLUSH) != Z_OK || z.avail_in != 0) std::abort();
  const std::size_t n = out.size() - z.avail_out - 4;
  return n + frame_header(n);
}

Figures run(const std::vector<std::string>& messages, const Setting& s, int repeat) {
  std::vector<double> times;
  std::vector<unsigned char> out(1 << 22);
  double wire = 0;
  for (int r = 0; r < repeat; ++r) {
    z_stream z{};
    if (deflateInit2(&z, s.level, Z_DEFLATED, -s.window_bits, s.mem_level, s.strategy) != Z_OK)
      std::abort();
    wire = 0;
    std::string last;
    const std::size_t window = std::size_t(1) << s.window_bits;
    const double start = thread_seconds();
    for (const std::string& m : messages) {
      if (s.primed) {
        deflateReset(&z);
        if (!last.empty())
          deflateSetDictionary(&z, reinterpret_cast<const Bytef*>(last.data()), uInt(last.size()));
      }
      wire += double(compress(z, m, out));
      if (s.primed) {
        // The last `window` bytes of what the seat was sent: this message, then the last one's.
        if (m.size() >= window) {
          last.assign(m, m.size() - window);
        } else {
          const std::size_t keep = std::min(last.size(), window - m.size());
          last.erase(0, last.size() - keep);
          last += m;
        }
      }
    }
    times.push_back(thread_seconds() - start);
    deflateEnd(&z);
  }
  std::sort(times.begin(), times.end());
  return {wire / double(messages.size()), times[times.size() / 2] * 1e6 / double(messages.size())};
}

// The server's own compressor on the same messages; zlib inflates each, which must give it back.
Figures run_own(const std::vector<std::string>& messages, int window_bits, int repeat) {
  std::vector<double> times;
  double wire = 0;
  const std::size_t window = std::size_t(1) << window_bits;
  for (int r = 0; r < repeat; ++r) {
    std::string history, out;
    wire = 0;
    double spent = 0;
    z_stream z{};
    inflateInit2(&z, -15);
    std::vector<unsigned char> back(1 << 22);
    for (const std::string& m : messages) {
      const double start = thread_seconds();
      if (history.size() > window) history.erase(0, history.size() - window);
      const std::size_t from = history.size();
      history += m;
      out.clear();
      sabbat::server::deflate_message(history, from, window_bits, out);
      spent += thread_seconds() - start;
      wire += double(out.size() + frame_header(out.size()));
      out.append("\0\0\xff\xff", 4);
      z.next_in = reinterpret_cast<Bytef*>(out.data());
      z.avail_in = uInt(out.size());
      z.next_out = back.data();
      z.avail_out = uInt(back.size());
      const int e = inflate(&z, Z_SYNC_FLUSH);
      if ((e != Z_OK && e != Z_BUF_ERROR) || back.size() - z.avail_out != m.size() ||
          std::memcmp(back.data(), m.data(), m.size()) != 0) {
        std::fprintf(stderr, "own: message %zu does not come back (%d)\n", wire > 0 ? m.size() : 0,
                     e);
        std::exit(1);
      }
    }
    inflateEnd(&z);
    times.push_back(spent);
  }
  std::sort(times.begin(), times.end());
  return {wire / double(messages.size()), times[times.size() / 2] * 1e6 / double(messages.size())};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: deflate_sweep FILE [REPEAT]\n");
    return 2;
  }
  std::ifstream in(argv[1]);
  std::vector<std::string> messages;
  double text = 0;
  for (std::string line; std::getline(in, line);) {
    text += double(line.size() + frame_header(line.size()));
    messages.push_back(std::move(line));
  }
  if (messages.empty()) {
    std::fprintf(stderr, "%s: no messages\n", argv[1]);
    return 1;
  }
  const int repeat = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
  text /= double(messages.size());
  std::printf("%zu messages, %.0f B per message on the wire as text\n", messages.size(), text);
  for (int window : {12, 13, 15}) {
    const Figures f = run_own(messages, window, repeat);
    std::printf("own\t-\t%d\t-\tfixed\t%.0f\t%.3f\t%.2f\n", window, f.wire_bytes,
                f.wire_bytes / text, f.cpu_us);
  }
  std::printf("context\tlevel\twindow\tmemlevel\tstrategy\twire B\tratio\tCPU us/message\n");
  for (bool primed : {false, true})
    for (int strategy : {Z_DEFAULT_STRATEGY, Z_FIXED, Z_HUFFMAN_ONLY})
      for (int level : {1, 2, 6})
        for (int window : {10, 13, 15})
          for (int mem : {1, 4, 8}) {
            if (strategy == Z_HUFFMAN_ONLY && (level != 1 || window != 13 || mem != 4)) continue;
            const Figures f = run(messages, {primed, level, window, mem, strategy}, repeat);
            std::printf("%s\t%d\t%d\t%d\t%s\t%.0f\t%.3f\t%.2f\n", primed ? "primed" : "kept", level,
                        window, mem, strategy_name(strategy), f.wire_bytes, f.wire_bytes / text,
                        f.cpu_us);
          }
}
