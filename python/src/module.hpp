#pragma once
// The pieces of the `_sabbat` extension module, each bound in its own file.
#include <pybind11/pybind11.h>

#include <stdexcept>
#include <string>

#include "core/game.hpp"

namespace sabbat::python {

namespace py = pybind11;

// Raised (as sabbat.IllegalAction, a ValueError) when the engine refuses an action; the
// message is the engine's.
struct IllegalAction : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// Raised (as sabbat.RecordError, a ValueError) for a record that does not read or replay.
struct RecordError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A JSON value as Python objects: dicts, lists, str, int, float, bool and None.
py::object to_python(const json& value);
// A parameter value as the engine reads it: True is "true", 7 is "7", a str stays itself.
std::string param_text(const py::handle& value);
// The registered game `id` names, as `sabbat` takes it; ValueError listing the ids otherwise.
const Game& find_game(const std::string& id);

void bind_games(py::module_& m);
void bind_state(py::module_& m);
void bind_simulate(py::module_& m);

}  // namespace sabbat::python
