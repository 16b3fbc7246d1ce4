#include "deflate_client.hpp"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cstring>
#include <random>

#include "client_frame.hpp"

namespace sabbat::server::testing {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

DeflateClient::DeflateClient(uint16_t port, const std::string& offer) {
  fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
  // Only a guard against a hung test: every read ends far sooner.
  timeval safety{20, 0};
  ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &safety, sizeof safety);
  int one = 1;
  ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ADD_FAILURE() << "connect: " << std::strerror(errno);
    return;
  }
  std::string request =
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n";
  if (!offer.empty()) request += "Sec-WebSocket-Extensions: " + offer + "\r\n";
  send_raw(request + "\r\n");
  std::string head;
  unsigned char c;
  while (head.find("\r\n\r\n") == std::string::npos && read_bytes(&c, 1)) head += char(c);
  if (head.find(" 101 ") == std::string::npos) {
    ADD_FAILURE() << "no upgrade: " << head;
    closed = true;
    return;
  }
  const std::string l = lower(head);
  if (auto at = l.find("\r\nsec-websocket-extensions:"); at != std::string::npos) {
    const std::size_t from = at + std::strlen("\r\nsec-websocket-extensions:");
    extensions_ = head.substr(from, head.find("\r\n", from) - from);
    while (!extensions_.empty() && extensions_.front() == ' ') extensions_.erase(0, 1);
  }
  compressed_ = lower(extensions_).starts_with("permessage-deflate");
  server_no_context_ = extensions_.find("server_no_context_takeover") != std::string::npos;
  client_no_context_ = extensions_.find("client_no_context_takeover") != std::string::npos;
  // Whatever window the server chose, zlib's largest reads it (the client's side, §7.1.2.1).
  inflateInit2(&inflater_, -15);
  // The client compresses with the window the server allowed it.
  int bits = 15;
  if (auto at = extensions_.find("client_max_window_bits="); at != std::string::npos)
    bits = std::max(9, std::atoi(extensions_.c_str() + at + 23));
  deflateInit2(&deflater_, 6, Z_DEFLATED, -bits, 8, Z_DEFAULT_STRATEGY);
  EXPECT_EQ(next().value("type", ""), "welcome");
}

DeflateClient::~DeflateClient() {
  inflateEnd(&inflater_);
  deflateEnd(&deflater_);
  if (fd_ >= 0) ::close(fd_);
}

bool DeflateClient::read_bytes(unsigned char* p, std::size_t n) {
  while (n > 0) {
    const ssize_t k = ::recv(fd_, p, n, 0);
    if (k <= 0) return false;
    p += k;
    n -= std::size_t(k);
  }
  return true;
}

void DeflateClient::send_raw(const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t k = ::send(fd_, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
    if (k <= 0) return;
    done += std::size_t(k);
  }
}

std::string DeflateClient::frame(unsigned char first, const std::string& payload) {
  static std::mt19937 keys(7);
  unsigned char key[4];
  for (auto& k : key) k = static_cast<unsigned char>(keys());
  return masked_frame(first, payload, key);
}

std::string DeflateClient::deflate_message(const std::string& text) {
  if (client_no_context_) deflateReset(&deflater_);
  std::string out(deflateBound(&deflater_, uLong(text.size())) + 64, '\0');
  deflater_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  deflater_.avail_in = uInt(text.size());
  deflater_.next_out = reinterpret_cast<Bytef*>(out.data());
  deflater_.avail_out = uInt(out.size());
  EXPECT_EQ(deflate(&deflater_, Z_SYNC_FLUSH), Z_OK);
  out.resize(out.size() - deflater_.avail_out);
  EXPECT_TRUE(out.ends_with(std::string("\0\0\xff\xff", 4)));
  out.resize(out.size() - 4);
  return out;
}

void DeflateClient::send(const std::string& text, bool compress, int pieces, bool pings) {
  compress = compress && compressed_;
  const std::string payload = compress ? deflate_message(text) : text;
  std::string bytes;
  const std::size_t step = payload.size() / std::size_t(pieces) + 1;
  for (int i = 0; i < pieces; ++i) {
    const std::size_t from = std::min(payload.size(), std::size_t(i) * step);
    const std::string part = i + 1 == pieces ? payload.substr(from) : payload.substr(from, step);
    unsigned char first = i == 0 ? 0x01 : 0x00;
    if (i == 0 && compress) first |= 0x40;  // RSV1 on the first frame only (§6)
    if (i + 1 == pieces) first |= 0x80;
    bytes += frame(first, part);
    if (pings && i + 1 < pieces) bytes += frame(0x89, "between");
  }
  send_raw(bytes);
}

std::string DeflateClient::inflate_message(const std::string& data) {
  if (server_no_context_) inflateReset(&inflater_);
  std::string in = data + std::string("\0\0\xff\xff", 4);
  std::string text;
  inflater_.next_in = reinterpret_cast<Bytef*>(in.data());
  inflater_.avail_in = uInt(in.size());
  char chunk[4096];
  while (inflater_.avail_in > 0) {
    inflater_.next_out = reinterpret_cast<Bytef*>(chunk);
    inflater_.avail_out = sizeof chunk;
    const int r = inflate(&inflater_, Z_SYNC_FLUSH);
    if (r != Z_OK && r != Z_BUF_ERROR) {
      ADD_FAILURE() << "zlib cannot inflate the server's message: " << r;
      return {};
    }
    text.append(chunk, sizeof chunk - inflater_.avail_out);
    if (r == Z_BUF_ERROR) break;
  }
  return text;
}

json DeflateClient::next() {
  std::string data;
  bool in_message = false, message_compressed = false;
  while (!closed) {
    unsigned char h[2];
    if (!read_bytes(h, 2)) break;
    uint64_t n = h[1] & 0x7f;
    if (n >= 126) {
      unsigned char ext[8];
      const std::size_t k = n == 126 ? 2 : 8;
      if (!read_bytes(ext, k)) break;
      n = 0;
      for (std::size_t i = 0; i < k; ++i) n = n << 8 | ext[i];
    }
    EXPECT_EQ(h[1] & 0x80, 0) << "a server frame is masked";
    std::string payload(std::size_t(n), '\0');
    if (n > 0 && !read_bytes(reinterpret_cast<unsigned char*>(payload.data()), payload.size()))
      break;
    const unsigned op = h[0] & 0x0f;
    if (op == 0x8) {
      closed = true;
      close_code = payload.size() >= 2 ? (uint8_t(payload[0]) << 8 | uint8_t(payload[1])) : 0;
      // The close answered and the connection ended from here, as a client should (§5.5.1).
      send_raw(frame(0x88, payload.substr(0, 2)));
      ::shutdown(fd_, SHUT_WR);
      return nullptr;
    }
    if (op == 0xA) ++pongs;
    if (op & 0x8) continue;
    if (!in_message) {
      in_message = true;
      message_compressed = (h[0] & 0x40) != 0;
    } else {
      EXPECT_EQ(h[0] & 0x40, 0) << "RSV1 on a continuation frame";
    }
    data += payload;
    if (!(h[0] & 0x80)) continue;
    ++messages;
    if (!message_compressed) ++plain_messages;
    last_text = message_compressed ? inflate_message(data) : data;
    try {
      return json::parse(last_text);
    } catch (const std::exception& e) {
      ADD_FAILURE() << "not JSON after inflating: " << e.what() << ": " << last_text.substr(0, 200);
      return nullptr;
    }
  }
  closed = true;
  return nullptr;
}

int DeflateClient::until_closed() {
  while (!closed) next();
  return close_code;
}

}  // namespace sabbat::server::testing
