#pragma once
// The TCP socket under a server WebSocket. It hands Beast the bytes of one frame at a time and
// keeps what it read past that frame's end for the next read. So when Beast has finished a
// message, nothing of the next one sits in Beast's own buffer, and an idle connection can
// wait for the socket to become readable instead of keeping a WebSocket read pending: Beast's
// pending read ops cost about 0.9 KiB per connection, a wait (a one-byte peek) almost nothing.
// Over TLS (--tls-cert) it reads and writes through the TLS stream instead: there the bytes
// the socket holds are records, not frames, so a wait reads what came into its own buffer.
// With permessage-deflate taken (enable_deflate), frames are rewritten on their way through
// (server/net/message_deflate.hpp): Beast reads and writes plain frames only.
#include <boost/asio/compose.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/buffers_prefix.hpp>
#include <boost/beast/core/buffers_suffix.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/core/stream_traits.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <cstdint>
#include <memory>
#include <string>

#include "server/net/client_stream.hpp"
#include "server/net/connection_socket.hpp"
#include "server/net/message_deflate.hpp"

namespace sabbat::server {

// Where frames end in a stream of WebSocket bytes. Only the lengths are read (RFC 6455 §5.2:
// 7-bit length, or 126 + 16 bits, or 127 + 64 bits, then the mask key if the mask bit is set);
// Beast checks everything else.
class FrameEdge {
 public:
  // How many of the n bytes at p belong to the frame in progress, its end included. `ended`
  // says whether that frame ended there.
  std::size_t through_frame_end(const unsigned char* p, std::size_t n, bool& ended);

 private:
  // Small counters: Beast keeps this inside each connection's stream state.
  std::uint64_t payload_left_ = 0;
  unsigned char head_[14] = {};
  std::uint8_t head_have_ = 0;
  std::uint8_t head_need_ = 2;
  bool in_payload_ = false;
};

class FramedSocket {
 public:
  using socket_type = ConnectionSocket;
  using executor_type = socket_type::executor_type;

  explicit FramedSocket(socket_type&& socket) : socket_(std::move(socket)) {}
  // Over TLS: the stream whose handshake the HTTP session made.
  explicit FramedSocket(std::unique_ptr<TlsStream> tls)
      : socket_(tls->get_executor()), tls_(std::move(tls)) {}

  executor_type get_executor() noexcept { return socket_.get_executor(); }
  socket_type& socket() noexcept { return tls_ ? tls_->next_layer().socket() : socket_; }
  TlsStream* tls() noexcept { return tls_.get(); }
  // Bytes already read from the socket and not yet handed to Beast.
  bool holds_bytes() const noexcept { return kept_ && !kept_->empty(); }

  // permessage-deflate's terms, agreed before the handshake's answer (which then names them)
  // and put to work from its end on: the answer itself goes plain.
  void agree_deflate(const DeflateTerms& terms, std::size_t max_message) {
    deflate_ = std::make_unique<MessageDeflate>(terms, max_message);
  }
  const MessageDeflate* agreed_deflate() const noexcept { return deflate_.get(); }
  void drop_deflate() noexcept { deflate_.reset(); }
  void start_deflate() noexcept { deflate_on_ = deflate_ != nullptr; }

  // Completes once a byte can be read (or the connection failed), reading nothing. A peek,
  // not the socket's async_wait: Asio first tries a peek at once, under its reactor's lock, so
  // bytes that came just before are seen; a wait_read would wait for the next ones.
  template <class Handler>
  void async_wait_readable(Handler&& handler) {
    if (tls_) return read_ahead(std::forward<Handler>(handler));
    socket_.async_receive(boost::asio::buffer(&peeked_, 1), socket_type::message_peek,
                          std::forward<Handler>(handler));
  }

  template <class MutableBuffers, class ReadToken>
  auto async_read_some(const MutableBuffers& buffers, ReadToken&& token) {
    return boost::asio::async_compose<ReadToken, void(boost::beast::error_code, std::size_t)>(
        ReadOp<MutableBuffers>{*this, buffers}, token, socket_);
  }

  // Whether the next writes are followed at once by another: their bytes then wait in the
  // kernel for it (MSG_MORE), which sends them together.
  void more_follows(bool more) noexcept { more_ = more; }

  template <class ConstBuffers, class WriteToken>
  auto async_write_some(const ConstBuffers& buffers, WriteToken&& token) {
    if (deflate_on_)
      return boost::asio::async_compose<WriteToken, void(boost::beast::error_code, std::size_t)>(
          DeflateWriteOp<ConstBuffers>{*this, buffers}, token, socket_);
    return boost::asio::async_initiate<WriteToken, void(boost::beast::error_code, std::size_t)>(
        [this](auto handler, const ConstBuffers& b) {
          if (tls_)
            tls_->async_write_some(b, std::move(handler));
          else
            socket_.async_send(b, more_ ? kMore : 0, std::move(handler));
        },
        token, buffers);
  }

 private:
  // TLS's wait: what the next record holds is read into kept_, where the next read finds it.
  template <class Handler>
  void read_ahead(Handler&& handler) {
    constexpr std::size_t kTlsChunk = 4096;
    kept_ = std::make_unique<std::string>(kTlsChunk, '\0');
    tls_->async_read_some(boost::asio::buffer(*kept_),
                          [this, handler = std::forward<Handler>(handler)](
                              boost::beast::error_code ec, std::size_t n) mutable {
                            kept_->resize(ec ? 0 : n);
                            if (deflate_on_ && !kept_->empty()) {
                              const std::string raw = std::move(*kept_);
                              kept_->clear();
                              deflate_->take_in(reinterpret_cast<const unsigned char*>(raw.data()),
                                                raw.size(), *kept_);
                            }
                            if (kept_->empty()) kept_.reset();
                            std::move(handler)(ec, n);
                          });
  }

  template <class MutableBuffers>
  struct ReadOp {
    FramedSocket& s;
    MutableBuffers buffers;
    enum { kStart, kFromKept, kFromSocket } step = kStart;

    template <class Self>
    void operator()(Self& self, boost::beast::error_code ec = {}, std::size_t n = 0) {
      switch (step) {
        case kStart:
          if (s.holds_bytes()) {
            step = kFromKept;  // completes through the executor, never inside the call
            return boost::asio::post(s.socket_.get_executor(), std::move(self));
          }
          step = kFromSocket;
          return s.read_raw(buffers, std::move(self));
        case kFromKept:
          return self.complete({}, s.give_kept(buffers));
        case kFromSocket:
          if (!ec && s.deflate_on_) {
            // Bytes as the client sent them: rewritten into kept_, from where Beast gets them.
            if (!s.inflate_read(buffers, n)) return s.read_raw(buffers, std::move(self));
            return self.complete({}, s.give_kept(buffers));
          }
          if (!ec) n = s.keep_past_frame(buffers, n);
          return self.complete(ec, n);
      }
    }
  };

  template <class MutableBuffers, class Self>
  void read_raw(const MutableBuffers& buffers, Self&& self) {
    if (tls_) return tls_->async_read_some(buffers, std::forward<Self>(self));
    socket_.async_read_some(buffers, std::forward<Self>(self));
  }

  // The n bytes just read into `buffers`, through the inflating side into kept_: whether that
  // gave Beast anything to read.
  template <class MutableBuffers>
  bool inflate_read(const MutableBuffers& buffers, std::size_t n) {
    if (!kept_) kept_ = std::make_unique<std::string>();
    for (auto it = boost::asio::buffer_sequence_begin(buffers);
         it != boost::asio::buffer_sequence_end(buffers) && n > 0; ++it) {
      const boost::asio::mutable_buffer b = *it;
      const std::size_t k = std::min(b.size(), n);
      deflate_->take_in(static_cast<const unsigned char*>(b.data()), k, *kept_);
      n -= k;
    }
    if (kept_->empty()) kept_.reset();
    return kept_ != nullptr;
  }

  // A write of Beast's: its frames compressed, sent whole, then reported as written.
  template <class ConstBuffers>
  struct DeflateWriteOp {
    FramedSocket& s;
    ConstBuffers buffers;
    std::size_t given = 0;
    std::size_t sent = 0;
    enum { kStart, kNothingToSend, kSending } step = kStart;

    template <class Self>
    void operator()(Self& self, boost::beast::error_code ec = {}, std::size_t n = 0) {
      switch (step) {
        case kStart:
          for (auto it = boost::asio::buffer_sequence_begin(buffers);
               it != boost::asio::buffer_sequence_end(buffers); ++it) {
            const boost::asio::const_buffer b = *it;
            s.deflate_->take_out(static_cast<const unsigned char*>(b.data()), b.size());
            given += b.size();
          }
          if (s.deflate_->out().empty()) {
            step = kNothingToSend;  // a message's first part: the rest comes with the next write
            return boost::asio::post(s.socket_.get_executor(), std::move(self));
          }
          step = kSending;
          return send(self);
        case kNothingToSend:
          return self.complete({}, given);
        case kSending:
          sent += n;
          if (!ec && sent < s.deflate_->out().size()) return send(self);
          s.deflate_->sent();
          return self.complete(ec, ec ? 0 : given);
      }
    }

    template <class Self>
    void send(Self& self) {
      const std::string& out = s.deflate_->out();
      const auto rest = boost::asio::buffer(out.data() + sent, out.size() - sent);
      if (s.tls_) return s.tls_->async_write_some(rest, std::move(self));
      s.socket_.async_send(rest, s.more_ ? kMore : 0, std::move(self));
    }
  };

  // The n bytes just read into `buffers`: those past the current frame's end are kept.
  template <class MutableBuffers>
  std::size_t keep_past_frame(const MutableBuffers& buffers, std::size_t n) {
    std::size_t given = 0;
    bool ended = false;
    for (auto it = boost::asio::buffer_sequence_begin(buffers);
         it != boost::asio::buffer_sequence_end(buffers) && given < n && !ended; ++it) {
      const boost::asio::mutable_buffer b = *it;
      given += edge_.through_frame_end(static_cast<const unsigned char*>(b.data()),
                                       std::min(b.size(), n - given), ended);
    }
    if (given < n) {
      boost::beast::buffers_suffix<MutableBuffers> rest(buffers);
      rest.consume(given);
      if (!kept_) kept_ = std::make_unique<std::string>();
      kept_->resize(n - given);
      boost::asio::buffer_copy(boost::asio::buffer(*kept_),
                               boost::beast::buffers_prefix(n - given, rest));
    }
    return given;
  }

  template <class MutableBuffers>
  std::size_t give_kept(const MutableBuffers& buffers) {
    bool ended = false;
    std::string& kept = *kept_;
    const std::size_t room = std::min(boost::asio::buffer_size(buffers), kept.size());
    const std::size_t n =
        edge_.through_frame_end(reinterpret_cast<const unsigned char*>(kept.data()), room, ended);
    boost::asio::buffer_copy(buffers, boost::asio::buffer(kept.data(), n));
    kept.erase(0, n);
    if (kept.empty()) kept_.reset();
    return n;
  }

  socket_type socket_;
  std::unique_ptr<TlsStream> tls_;  // none on plain connections
  FrameEdge edge_;
  std::unique_ptr<std::string> kept_;        // rare (a client sending ahead), so not held inline
  std::unique_ptr<MessageDeflate> deflate_;  // when permessage-deflate is taken
  char peeked_ = 0;
  bool more_ = false;
  bool deflate_on_ = false;
#ifdef MSG_MORE
  static constexpr socket_type::message_flags kMore = MSG_MORE;
#else
  static constexpr socket_type::message_flags kMore = 0;
#endif
};

// Beast closes a WebSocket through these, found by argument-dependent lookup.
inline void beast_close_socket(FramedSocket& s) {
  boost::beast::close_socket(s.socket());
}

void teardown(boost::beast::role_type role, FramedSocket& s, boost::beast::error_code& ec);

// Over TLS, its close_notify goes first.
template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, FramedSocket& s, TeardownHandler&& handler) {
  if (s.tls())
    return boost::beast::async_teardown(role, *s.tls(), std::forward<TeardownHandler>(handler));
  boost::beast::websocket::async_teardown(role, s.socket(), std::forward<TeardownHandler>(handler));
}

}  // namespace sabbat::server
