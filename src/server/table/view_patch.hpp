#pragma once
// A receiver's next view told as what changed since its last one: a JSON Patch (RFC 6902)
// computed on the two texts as written, without parsing them into trees (docs/protocol.md,
// `view_patch`). A move changes a few members of a view of 1.3–15 KiB; its patch is a few
// hundred bytes, which costs less to send and to compress than the view.
#include <string>
#include <string_view>

namespace sabbat::server {

// Appends to `out` a JSON Patch (an array of "add", "remove" and "replace" operations) that
// turns the JSON text `before` into `after`, both written by the server (compact, each key
// once per object). Objects are compared member by member and arrays of the same length
// element by element. A value whose type or array length changed, a key written with an
// escape, and any part whose operations would be longer than the part itself are replaced
// whole. Equal texts give `[]`.
void append_view_patch(std::string_view before, std::string_view after, std::string& out);

}  // namespace sabbat::server
