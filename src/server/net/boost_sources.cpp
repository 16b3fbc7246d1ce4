// The compiled parts of Asio and Beast, built once here. Every unit of the server, its tests
// and its fuzz targets sees BOOST_ASIO_SEPARATE_COMPILATION and
// BOOST_BEAST_SEPARATE_COMPILATION (CMakeLists.txt), so they declare these functions instead
// of compiling them inline: the WebSocket session's unit, which holds Beast's WebSocket, then
// builds in a third of the time.
#include <boost/asio/impl/src.hpp>
#include <boost/asio/ssl/impl/src.hpp>
#include <boost/beast/src.hpp>
