// The cost of permessage-deflate's settings on the messages one seat really receives: reads a
// file of messages (one a line, as `bench/server/inflate_check.py PORT GAME TABLES FILE` writes
// them) and compresses them in order, as Beast's WebSocket stream does for a connection
// (Beast's own zlib, `Flush::block` then `Flush::sync` per message, the context kept, the four
// flush bytes removed), for each compression level, window, memory level and threshold given.
// Prints, per setting, the bytes on the wire per message (with the frame's header) against the
// text, and the CPU time per message (this thread's, the median of REPEAT passes).
//
//   build/deflate_sweep FILE [REPEAT]
#include <algorithm>
#include <boost/beast/zlib/deflate_stream.hpp>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

namespace {

namespace zlib = boost::beast::zlib;

double thread_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

std::size_t frame_header(std::size_t n) {
  return n < 126 ? 2 : n < 65536 ? 4 : 10;
}

struct Setting {
  int level, window_bits, mem_level;
  std::size_t threshold;
};

struct Figures {
  double wire_bytes = 0;  // per message
  double cpu_us = 0;      // per message
};

Figures run(const std::vector<std::string>& messages, const Setting& s, int repeat) {
  std::vector<double> times;
  std::vector<unsigned char> out(1 << 22);
  double wire = 0;
  for (int r = 0; r < repeat; ++r) {
    zlib::deflate_stream zo;
    zo.reset(s.level, s.window_bits, s.mem_level, zlib::Strategy::normal);
    wire = 0;
    const double start = thread_seconds();
    for (const std::string& m : messages) {
      if (m.size() < s.threshold) {
        wire += double(m.size() + frame_header(m.size()));
        continue;
      }
      zlib::z_params zs;
      zs.next_in = m.data();
      zs.avail_in = m.size();
      zs.next_out = out.data();
      zs.avail_out = out.size();
      boost::system::error_code ec;
      zo.write(zs, zlib::Flush::none, ec);
      zo.write(zs, zlib::Flush::block, ec);
      if (ec == zlib::error::need_buffers) ec = {};
      zo.write(zs, zlib::Flush::sync, ec);
      const std::size_t n = zs.total_out - 4;
      wire += double(n + frame_header(n));
    }
    times.push_back(thread_seconds() - start);
  }
  std::sort(times.begin(), times.end());
  return {wire / double(messages.size()), times[times.size() / 2] / double(messages.size()) * 1e6};
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
    text += double(line.size());
    messages.push_back(std::move(line));
  }
  if (messages.empty()) {
    std::fprintf(stderr, "deflate_sweep: no message in %s\n", argv[1]);
    return 1;
  }
  const int repeat = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
  text /= double(messages.size());
  // The plain frames' cost to compare with: copying the text once (what a plain write does
  // besides the system call, which both pay).
  std::printf("%zu messages, text %.0f B a message\n", messages.size(), text);
  std::printf("level\twbits\tmemlevel\tthreshold\twire_B_per_msg\twire_ratio\tcpu_us_per_msg\n");
  std::vector<Setting> settings;
  for (int level : {1, 2, 3, 6})
    for (int wbits : {9, 10, 11, 12, 13, 14, 15}) settings.push_back({level, wbits, 4, 64});
  for (int mem : {1, 2, 8, 9}) settings.push_back({6, 13, mem, 64});
  for (int mem : {1, 2, 8}) settings.push_back({1, 13, mem, 64});
  for (int mem : {1, 2, 8}) settings.push_back({1, 15, mem, 64});
  for (std::size_t threshold : {std::size_t(0), std::size_t(256), std::size_t(1024)})
    settings.push_back({6, 13, 4, threshold});
  for (const Setting& s : settings) {
    const Figures f = run(messages, s, repeat);
    std::printf("%d\t%d\t%d\t%zu\t%.0f\t%.3f\t%.2f\n", s.level, s.window_bits, s.mem_level,
                s.threshold, f.wire_bytes, f.wire_bytes / (text + frame_header(std::size_t(text))),
                f.cpu_us);
  }
}
