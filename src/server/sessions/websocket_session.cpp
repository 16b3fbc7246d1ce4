#include "server/sessions/websocket_session.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/steady_timer.hpp>

#include "core/untrusted.hpp"
#include "server/lobby/dispatch.hpp"
#include "server/lobby/lobby.hpp"
#include "server/net/exact_memory.hpp"
#include "server/protocol/json_scan.hpp"
#include "server/protocol/messages.hpp"

namespace sabbat::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;

namespace {

// A client's messages are short (an action is tens of bytes); a longer one is read in
// several pieces up to the message limit.
constexpr std::size_t kReadChunk = 256;

// Whether `text` is a `table` message. It is written with its keys in order (status, type,
// you), so its end says so at once; the scan of its top level confirms it.
bool is_table_frame(std::string_view text) {
  constexpr std::string_view kTail = R"("type":"table","you":)";
  const std::string_view end = text.substr(text.size() > 64 ? text.size() - 64 : 0);
  if (end.find(kTail) == std::string_view::npos) return false;
  return top_level_member(text, "type") == std::optional<std::string_view>(R"("table")");
}

// Once a connection's close is decided (its last frame queued), how long it still reads before
// it closes: an act the client sent before it read that frame is then answered (`refused`)
// rather than lost in the close, as protocol.md promises every act an answer.
constexpr auto kCloseLinger = std::chrono::milliseconds(150);

// Whether `text` answers an act (`accepted` or `refused`). Written with sorted keys, "type"
// last, so its end says so.
bool is_answer_frame(std::string_view text) {
  return text.ends_with(R"("type":"refused"})") || text.ends_with(R"("type":"accepted"})");
}

// How a client usually leaves: not worth a log line. Over TLS a browser that closes its tab
// often just drops the connection (no close_notify: stream_truncated, or a write that meets
// the closed socket: broken_pipe).
bool quiet_error(const beast::error_code& ec) {
  return ec == net::error::operation_aborted || ec == websocket::error::closed ||
         ec == net::error::eof || ec == net::error::connection_reset ||
         ec == net::error::broken_pipe || ec == net::ssl::error::stream_truncated ||
         ec == beast::error::timeout;
}

// permessage-deflate (RFC 7692), taken when the client offers it, as every browser does, unless
// `--deflate off`. Beast's own is not compiled in: the frames are rewritten below it, in the
// socket (server/net/message_deflate.hpp), compressed by our own writer and inflated by zlib.
// The server compresses with an 8 KiB window (13 bits): a seat's next state repeats most of its
// last one, found in the window. A client whose offer lets the server choose is asked for a
// 512-byte window (9 bits): its messages are tens of bytes. Figures in bench/README.md, "Bytes
// per move".
constexpr DeflatePolicy kDeflatePolicy{13, 9};

// Every Sec-WebSocket-Extensions line of the request, as one list.
std::string extension_offers(const http::request<http::string_body>& request) {
  std::string offers;
  auto [it, end] = request.equal_range(http::field::sec_websocket_extensions);
  for (; it != end; ++it) {
    if (!offers.empty()) offers += ", ";
    offers += it->value();
  }
  return offers;
}

}  // namespace

WebsocketSession::WebsocketSession(FramedSocket&& socket, Context& ctx, std::string peer)
    : ws_(std::move(socket)),
      ctx_(ctx),
      id_(ctx.next_connection_id++),
      idle_watch_(ctx.idle_watch),
      rate_(ctx.options.limits.messages_per_second),
      peer_(std::move(peer)) {}

WebsocketSession::~WebsocketSession() {
  if (watched_) idle_watch_->forget(*this);
  if (counted_) ctx_.metrics->connection_closed();
  if (table_) table_->leave(id_);
}

void WebsocketSession::run(http::request<http::string_body> request) {
  // Our own idle timer watches the client's messages; Beast bounds the handshake.
  websocket::stream_base::timeout timeout{std::chrono::seconds(30), websocket::stream_base::none(),
                                          false};
  ws_.set_option(timeout);
  if (ctx_.options.deflate)
    if (auto terms = negotiate_deflate(extension_offers(request), kDeflatePolicy))
      ws_.next_layer().agree_deflate(*terms, ctx_.options.limits.max_message_bytes);
  ws_.set_option(websocket::stream_base::decorator([this](websocket::response_type& res) {
    res.set(http::field::server, "sabbat");
    // A handshake Beast refuses (400: no key, a bad version) ends the connection: say so.
    if (res.result() != http::status::switching_protocols) {
      res.keep_alive(false);
      ws_.next_layer().drop_deflate();
    } else if (const MessageDeflate* d = ws_.next_layer().agreed_deflate()) {
      res.set(http::field::sec_websocket_extensions, deflate_answer(d->terms()));
    }
  }));
  ws_.read_message_max(ctx_.options.limits.max_message_bytes);
  ws_.text(true);
  // A message goes as one frame: the compressing socket then gets it in one write.
  ws_.auto_fragment(false);
  ws_.async_accept(request,
                   beast::bind_front_handler(&WebsocketSession::on_accept, shared_from_this()));
}

void WebsocketSession::on_accept(beast::error_code ec) {
  if (ec) {
    if (!quiet_error(ec)) ctx_.log("websocket " + peer_ + ": handshake failed: " + ec.message());
    return;
  }
  ws_.next_layer().start_deflate();
  queue(frame({{"type", "welcome"},
               {"protocol", kProtocolVersion},
               {"server", "sabbat 0.1"},
               {"server_time", std::chrono::duration_cast<std::chrono::milliseconds>(
                                   std::chrono::system_clock::now().time_since_epoch())
                                   .count()}}));
  heard();
  ctx_.metrics->connection_opened();
  counted_ = true;
  if (idle_watch_) {
    idle_watch_->watch(*this);
    watched_ = true;
  }
  await_message();
}

void WebsocketSession::close_idle(IdleWatch& watch) {
  auto idle = watch.idle([](IdleWatch::Watched& w) {
    return static_cast<WebsocketSession&>(w).weak_from_this().lock();
  });
  for (auto& s : idle) s->idle_out();
}

void WebsocketSession::idle_out() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    if (self->closing_ || self->close_after_queue_) return;
    if (IdleWatch::Clock::now() - self->last_heard() < self->idle_watch_->timeout()) return;
    self->ctx_.log("websocket " + self->peer_ + ": closed after the idle timeout");
    self->close_with(error_frame("idle",
                                 "no message from this client for the idle timeout; "
                                 "send ping regularly"),
                     false);
  });
}

void WebsocketSession::read_next() {
  ws_.async_read_some(buffer_, kReadChunk,
                      beast::bind_front_handler(&WebsocketSession::on_read, shared_from_this()));
}

void WebsocketSession::on_read(beast::error_code ec, std::size_t) {
  if (ec) {
    if (ec == websocket::error::message_too_big)
      ctx_.log("websocket " + peer_ + ": closed, a message was larger than " +
               std::to_string(ctx_.options.limits.max_message_bytes) + " bytes");
    else if (!quiet_error(ec))
      ctx_.log("websocket " + peer_ + ": " + ec.message());
    return;
  }
  if (closing_) return;
  if (!ws_.is_message_done()) return read_next();
  heard();
  const std::string text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  // An idle connection keeps no read buffer: the next message takes a new one.
  buffer_.shrink_to_fit();
  if (close_after_queue_) {
    // The close is decided: nothing reaches a table any more, but an act hears why.
    refuse_while_closing(text);
  } else if (!ws_.got_text()) {
    queue(error_frame("malformed", "messages are text frames holding JSON"));
  } else if (!rate_.allow(RateLimit::Clock::now())) {
    ctx_.metrics->message_rate_limited();
    if (!rate_logged_)
      ctx_.log("websocket " + peer_ + ": over " +
               std::to_string(ctx_.options.limits.messages_per_second) +
               " messages per second; messages refused");
    rate_logged_ = true;
    queue(rate_limited_answer(text));
  } else {
    rate_logged_ = false;
    handle(text);
  }
  await_message();
}

// The answer to a message over the rate: an error naming the message's type, and an act's seq,
// so that the client knows which of its actions were dropped.
Frame WebsocketSession::rate_limited_answer(std::string_view text) const {
  const std::string why = "more than " + std::to_string(ctx_.options.limits.messages_per_second) +
                          " messages per second; this one was ignored";
  auto read = read_client_message(text, ctx_.options.limits.max_message_bytes);
  const auto* m = std::get_if<ClientMessage>(&read);
  if (!m) return error_frame("rate-limited", why);
  json e = {{"type", "error"}, {"code", "rate-limited"}, {"message", why}};
  e["ref"] = printable(m->type, 30);
  if (m->type == "act") {
    auto seq = optional_integer(*m, "seq");
    if (const auto* n = std::get_if<std::optional<int64_t>>(&seq); n && *n) e["seq"] = **n;
  }
  return frame(e);
}

void WebsocketSession::refuse_while_closing(std::string_view text) {
  auto read = read_client_message(text, ctx_.options.limits.max_message_bytes);
  const auto* m = std::get_if<ClientMessage>(&read);
  if (!m || m->type != "act") return;
  auto seq = optional_integer(*m, "seq");
  const auto* n = std::get_if<std::optional<int64_t>>(&seq);
  if (!n || !*n) return;
  queue(frame({{"type", "refused"},
               {"seq", **n},
               {"code", "not-stored"},
               {"error",
                "this connection closes (see the message before); reconnect and play it "
                "again"}}));
}

void WebsocketSession::await_message() {
  if (closing_) return;
  if (ws_.next_layer().holds_bytes()) return read_next();
  auto on_readable = [self = shared_from_this()](const beast::error_code& ec, std::size_t) {
    if (!ec && !self->closing_) self->read_next();
  };
  ws_.next_layer().async_wait_readable(with_exact_memory(std::move(on_readable)));
}

void WebsocketSession::handle(std::string_view text) {
  // Runs on this session's strand: the answers are queued at once, in order.
  dispatch_client_message(
      ctx_, ClientLink{shared_from_this(), table_, [this](Frame f) { queue(std::move(f)); }, peer_},
      text);
}

void WebsocketSession::send(Frame f) {
  net::post(ws_.get_executor(),
            [self = shared_from_this(), f = std::move(f)]() mutable { self->queue(std::move(f)); });
}

void WebsocketSession::answer(Frame f) {
  net::post(ws_.get_executor(), [self = shared_from_this(), f = std::move(f)]() mutable {
    self->last_table_ = 0;
    self->queue(std::move(f));
  });
}

void WebsocketSession::send_both(Frame first, Frame second) {
  net::post(ws_.get_executor(), [self = shared_from_this(), first = std::move(first),
                                 second = std::move(second)]() mutable {
    // Both queued before the first is written: it then goes out corked, and the second's write
    // sends the two in one segment.
    self->queue(std::move(first), false);
    self->queue(std::move(second));
  });
}

void WebsocketSession::close_with(Frame last, bool going_away) {
  net::post(ws_.get_executor(), [self = shared_from_this(), last = std::move(last), going_away] {
    if (self->closing_ || self->close_after_queue_) return;
    self->queue(last);
    self->close_after_queue_ =
        going_away ? websocket::close_code::going_away : websocket::close_code::policy_error;
  });
}

void WebsocketSession::leave_table(Frame why) {
  // One handler: were the table forgotten in a second one, the client could read `why` and
  // send its next try before it ran, and be told it is still at the table.
  net::post(ws_.get_executor(), [self = shared_from_this(), why = std::move(why)]() mutable {
    self->table_.reset();
    self->queue(std::move(why));
  });
}

void WebsocketSession::queue(Frame f, bool write) {
  // After the last frame, only the answers to acts: each act is answered before the close.
  if (closing_ || (close_after_queue_ && !is_answer_frame(*f))) return;
  if (is_table_frame(*f)) {
    // A table message the same as the last one this connection was sent tells it nothing.
    const std::size_t digest = std::hash<std::string_view>{}(*f);
    if (digest == last_table_) return;
    last_table_ = digest;
  }
  if (queue_.size() >= ctx_.options.limits.max_queued_messages)
    return drop("it reads its messages too slowly");
  queue_.push_back(std::move(f));
  if (write && !writing_) write_next();
}

void WebsocketSession::write_next() {
  writing_ = true;
  // A frame with others behind it waits in the kernel for them (MSG_MORE): one segment, and
  // one pass through the network stack at each end, instead of one per frame.
  ws_.next_layer().more_follows(queue_.size() > 1);
  ws_.async_write(net::buffer(*queue_.front()),
                  beast::bind_front_handler(&WebsocketSession::on_write, shared_from_this()));
}

void WebsocketSession::on_write(beast::error_code ec, std::size_t) {
  writing_ = false;
  if (ec) {
    if (!quiet_error(ec)) ctx_.log("websocket " + peer_ + ": " + ec.message());
    closing_ = true;
    queue_.clear();
    return;
  }
  queue_.erase(queue_.begin());
  if (!queue_.empty()) return write_next();
  queue_.shrink_to_fit();  // nor a queue
  if (close_after_queue_ && !closing_ && !lingering_) {
    lingering_ = true;
    // A timer of its own, made only now: an open connection keeps no close timer.
    auto linger = std::make_shared<net::steady_timer>(ws_.get_executor(), kCloseLinger);
    linger->async_wait([self = shared_from_this(), linger](const beast::error_code&) {
      if (self->closing_) return;
      if (self->writing_) {
        // An answer is being written: the close follows it.
        self->lingering_ = false;
        return;
      }
      self->closing_ = true;
      self->ws_.async_close(*self->close_after_queue_, [self](beast::error_code) {});
    });
  }
}

void WebsocketSession::drop(std::string_view why) {
  ctx_.log("websocket " + peer_ + ": disconnected, " + std::string(why));
  // The write in flight still reads its frame: the queue stays until its handler runs.
  closing_ = true;
  beast::error_code ignored;
  ws_.next_layer().socket().close(ignored);
}

}  // namespace sabbat::server
