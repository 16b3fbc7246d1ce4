#pragma once
// A WebSocket client of the tests' own for permessage-deflate (RFC 7692), written on a bare
// socket and zlib, sharing nothing with the server's code or Beast: it offers what it is told,
// checks that every data message the server sends is compressed (RSV1 on its first frame) and
// inflates it itself, and sends its own messages compressed or plain, whole or in fragments.
#include <zlib.h>

#include <cstdint>
#include <string>
#include <vector>

#include "harness.hpp"

namespace sabbat::server::testing {

class DeflateClient {
 public:
  // Connects and sends the upgrade with `offer` as Sec-WebSocket-Extensions (none if empty);
  // reads the welcome when the upgrade succeeded.
  DeflateClient(uint16_t port, const std::string& offer);
  ~DeflateClient();
  DeflateClient(const DeflateClient&) = delete;
  DeflateClient& operator=(const DeflateClient&) = delete;

  // The server's Sec-WebSocket-Extensions answer ("" if none).
  const std::string& extensions() const { return extensions_; }
  bool compressed() const { return compressed_; }

  // A text message, compressed when the extension was taken and `compress`, in `pieces`
  // frames, with a ping between every two when `pings`.
  void send(const std::string& text, bool compress = true, int pieces = 1, bool pings = false);
  void send(const json& message) { send(message.dump()); }
  // Bytes straight to the socket: frames a test built itself.
  void send_raw(const std::string& bytes);
  // A masked frame of the client's: first byte (FIN, RSV, opcode) and payload.
  static std::string frame(unsigned char first, const std::string& payload);
  // `text` compressed as one message of this client's stream (§7.2.1, the tail left off).
  std::string deflate_message(const std::string& text);

  // The next data message, inflated by zlib here; null when the connection closed first.
  json next();
  // Reads until the server closes; its close code (0 when the connection just ended).
  int until_closed();

  // Every data message's first frame so far had RSV1, and every one inflated.
  int messages = 0;
  int plain_messages = 0;  // of them, without RSV1
  int pongs = 0;
  bool closed = false;
  int close_code = 0;
  std::string last_text;

 private:
  bool read_bytes(unsigned char* p, std::size_t n);
  std::string inflate_message(const std::string& data);

  int fd_ = -1;
  std::string extensions_;
  bool compressed_ = false;
  bool server_no_context_ = false;
  bool client_no_context_ = false;
  z_stream inflater_{};
  z_stream deflater_{};
};

}  // namespace sabbat::server::testing
