#pragma once
// The socket of one client connection, from its accept to its close. Its executor is the
// connection's strand itself rather than a type-erased executor: 48 bytes less in every
// connection, which keeps a WebSocket's stream state within one 2,560-byte allocation size.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>

namespace sabbat::server {

using ConnectionExecutor = boost::asio::strand<boost::asio::io_context::executor_type>;
using ConnectionSocket = boost::asio::basic_stream_socket<boost::asio::ip::tcp, ConnectionExecutor>;

}  // namespace sabbat::server
