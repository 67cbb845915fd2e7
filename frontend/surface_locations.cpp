// surface_locations.cpp — positions across the surface pass: offsets of
// the edited text and of the preprocessed text both ways, line markers back
// to the user's file, line and column, and diagnostics printed as Clang
// prints them.
#include "internal.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <unordered_map>

namespace upc::fe {

// ---------------------------------------------------------------- edits

EditedText::EditedText(const std::string &src, std::vector<Edit> edits) {
  std::stable_sort(edits.begin(), edits.end(), [](const Edit &a, const Edit &b) {
    if (a.off != b.off) return a.off < b.off;
    if ((a.len == 0) != (b.len == 0)) return a.len == 0; // insertions first
    return a.seq < b.seq;
  });
  unsigned pos = 0;
  text_.reserve(src.size() + src.size() / 8);
  for (const Edit &e : edits) {
    if (e.off < pos || e.off + e.len > src.size()) continue; // overlapping: drop
    text_.append(src, pos, e.off - pos);
    Seg sg;
    sg.newOff = unsigned(text_.size());
    sg.origOff = e.off;
    sg.origLen = e.len;
    text_ += e.text;
    for (unsigned k = e.off; k < e.off + e.len; k++)
      if (src[k] == '\n') text_ += '\n';
    sg.newLen = unsigned(text_.size()) - sg.newOff;
    segs_.push_back(sg);
    pos = e.off + e.len;
  }
  text_.append(src, pos, std::string::npos);
}

unsigned EditedText::toOriginal(unsigned off) const {
  // Last segment starting at or before off.
  auto it = std::upper_bound(segs_.begin(), segs_.end(), off,
                             [](unsigned o, const Seg &s) { return o < s.newOff; });
  if (it == segs_.begin()) return off;
  const Seg &s = *(it - 1);
  if (off < s.newOff + s.newLen) return s.origOff;
  return off - (s.newOff + s.newLen) + (s.origOff + s.origLen);
}

unsigned EditedText::fromOriginal(unsigned off) const {
  auto it = std::upper_bound(segs_.begin(), segs_.end(), off,
                             [](unsigned o, const Seg &s) { return o < s.origOff; });
  if (it == segs_.begin()) return off;
  const Seg &s = *(it - 1);
  if (off < s.origOff + s.origLen) return s.newOff;
  return off - (s.origOff + s.origLen) + (s.newOff + s.newLen);
}

// ---------------------------------------------------------------- locations

SourceMap::SourceMap(const std::string &pp) : pp_(pp) {
  int file = -1;
  unsigned line = 1;
  std::unordered_map<std::string, int> ids;
  size_t i = 0;
  while (i <= pp.size()) {
    size_t e = pp.find('\n', i);
    if (e == std::string::npos) e = pp.size();
    // A line marker: # N "file" flags  (or #line N "file").
    size_t k = i;
    while (k < e && (pp[k] == ' ' || pp[k] == '\t')) k++;
    bool marker = false;
    if (k < e && pp[k] == '#') {
      size_t m = k + 1;
      while (m < e && pp[m] == ' ') m++;
      if (pp.compare(m, 4, "line") == 0) { m += 4; while (m < e && pp[m] == ' ') m++; }
      if (m < e && std::isdigit(static_cast<unsigned char>(pp[m]))) {
        unsigned n = 0;
        while (m < e && std::isdigit(static_cast<unsigned char>(pp[m])))
          n = n * 10 + unsigned(pp[m++] - '0');
        while (m < e && pp[m] == ' ') m++;
        if (m < e && pp[m] == '"') {
          size_t q = m + 1;
          std::string name;
          while (q < e && pp[q] != '"') {
            if (pp[q] == '\\' && q + 1 < e) q++;
            name += pp[q++];
          }
          auto it = ids.find(name);
          if (it == ids.end()) {
            it = ids.emplace(name, int(files_.size())).first;
            files_.push_back(name);
          }
          file = it->second;
        }
        lines_.push_back({unsigned(i), file, n});
        line = n;
        marker = true;
      }
    }
    if (!marker) lines_.push_back({unsigned(i), file, line++});
    else lines_.back().line = 0; // the marker line itself
    if (e == pp.size()) break;
    i = e + 1;
  }
}

const std::vector<std::string> *SourceMap::fileLines(int file) const {
  if (file < 0) return nullptr;
  auto it = cache_.find(file);
  if (it != cache_.end()) return it->second.empty() ? nullptr : &it->second;
  std::vector<std::string> lines;
  std::ifstream in(files_[file], std::ios::binary);
  if (in) {
    std::string l;
    while (std::getline(in, l)) lines.push_back(l);
  }
  auto &slot = cache_[file] = std::move(lines);
  return slot.empty() ? nullptr : &slot;
}

Loc SourceMap::locate(unsigned off) const {
  Loc loc;
  if (lines_.empty()) return loc;
  if (off > pp_.size()) off = unsigned(pp_.size());
  auto it = std::upper_bound(lines_.begin(), lines_.end(), off,
                             [](unsigned o, const LineInfo &l) { return o < l.start; });
  if (it == lines_.begin()) return loc;
  const LineInfo &li = *(it - 1);
  if (li.file < 0 || li.line == 0) return loc;
  size_t lineEnd = pp_.find('\n', li.start);
  if (lineEnd == std::string::npos) lineEnd = pp_.size();
  std::string ppLine = pp_.substr(li.start, lineEnd - li.start);
  loc.file = files_[li.file];
  loc.line = li.line;
  loc.col = off - li.start + 1;
  loc.srcLine = ppLine;
  loc.valid = true;
  // clang -E keeps the indentation but not the spacing between tokens: find
  // the same token in the user's line when the lines agree up to it.
  const auto *fl = fileLines(li.file);
  if (!fl || li.line > fl->size()) return loc;
  const std::string &orig = (*fl)[li.line - 1];
  std::vector<Tok> a = lexLine(ppLine), b = lexLine(orig);
  unsigned rel = off - li.start;
  size_t k = 0;
  while (k < a.size() && a[k].off + a[k].len <= rel) k++;
  bool ok = k < a.size() && k < b.size() && a[k].off <= rel;
  for (size_t m = 0; ok && m <= k; m++)
    ok = ppLine.compare(a[m].off, a[m].len, orig, b[m].off, b[m].len) == 0;
  if (ok) {
    loc.col = b[k].off + (rel - a[k].off) + 1;
    loc.srcLine = orig;
  } else if (k >= a.size() && a.size() == b.size()) {
    loc.srcLine = orig; // past the last token: keep pp column
  }
  return loc;
}

int SourceMap::lineIndex(const std::string &file, unsigned line) const {
  for (size_t k = 0; k < lines_.size(); k++)
    if (lines_[k].line == line && lines_[k].file >= 0 && files_[lines_[k].file] == file)
      return int(k);
  return -1;
}

std::string formatDiag(const Loc &loc, const char *level, const std::string &msg) {
  std::string s;
  if (loc.valid)
    s += loc.file + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col) + ": ";
  else
    s += "upcc: ";
  s += level;
  s += ": ";
  s += msg;
  s += "\n";
  if (loc.valid && !loc.srcLine.empty()) {
    std::string line = loc.srcLine;
    for (char &c : line)
      if (c == '\t') c = ' ';
    char buf[16];
    std::snprintf(buf, sizeof buf, "%5u | ", loc.line);
    s += buf + line + "\n";
    s += "      | " + std::string(loc.col > 0 ? loc.col - 1 : 0, ' ') + "^\n";
  }
  return s;
}

} // namespace upc::fe
