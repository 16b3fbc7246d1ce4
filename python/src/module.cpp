// The `_sabbat` extension: the engine's core API for Python (docs/python.md). The `sabbat`
// package (python/sabbat/) wraps it and adds the multi-agent environment.
#include "module.hpp"

#include "core/registry.hpp"

namespace sabbat::python {

py::object to_python(const json& value) {
  switch (value.type()) {
    case json::value_t::object: {
      py::dict out;
      for (const auto& [key, item] : value.items()) out[py::str(key)] = to_python(item);
      return out;
    }
    case json::value_t::array: {
      py::list out(value.size());
      size_t i = 0;
      for (const auto& item : value) out[i++] = to_python(item);
      return out;
    }
    case json::value_t::string:
      return py::str(value.get_ref<const std::string&>());
    case json::value_t::boolean:
      return py::bool_(value.get<bool>());
    case json::value_t::number_integer:
      return py::int_(value.get<int64_t>());
    case json::value_t::number_unsigned:
      return py::int_(value.get<uint64_t>());
    case json::value_t::number_float:
      return py::float_(value.get<double>());
    default:
      return py::none();
  }
}

std::string param_text(const py::handle& value) {
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>() ? "true" : "false";
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::isinstance<py::int_>(value)) return py::str(value).cast<std::string>();
  throw py::type_error("a parameter value is a str, an int or a bool, not " +
                       py::str(py::type::of(value).attr("__name__")).cast<std::string>());
}

const Game& find_game(const std::string& id) {
  auto game = registry().lookup(id);
  if (!game) throw py::value_error(game.error());
  return **game;
}

}  // namespace sabbat::python

PYBIND11_MODULE(_sabbat, m) {
  namespace sp = sabbat::python;
  namespace py = pybind11;
  m.doc() = "Sabbat's game engine: games, states, records and the simulator (docs/python.md).";
  // The project's version, from CMakeLists.txt's project(VERSION), as pip's metadata has it.
  m.attr("__version__") = SABBAT_VERSION;
  py::register_exception<sp::IllegalAction>(m, "IllegalAction", PyExc_ValueError);
  py::register_exception<sp::RecordError>(m, "RecordError", PyExc_ValueError);
  m.attr("CLOCK") = sabbat::kClock;
  m.attr("SPECTATOR") = sabbat::kSpectator;
  sp::bind_games(m);
  sp::bind_state(m);
  sp::bind_simulate(m);
}
