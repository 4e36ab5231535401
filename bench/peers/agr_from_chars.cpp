// Peer of the agr-text-parse-vs-from-chars row (bench/agr-limits.ts): the
// physical limit of parsing text numbers on this machine. Reads FILE (fresh
// memory each call, as a reader would) and parses every whitespace-separated
// token with std::from_chars into a double, stored as float32 (the rounding
// Deforma's reader does), CALLS times; prints {"ms","cpu","numbers"} per call
// and writes the last answer's float32 values to OUT.
//
//   agr_from_chars FILE CALLS OUT
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

static bool separator(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

static std::vector<float> parse(const char* path) {
  std::FILE* f = std::fopen(path, "rb");
  if (!f) return {};
  std::fseek(f, 0, SEEK_END);
  long size = std::ftell(f);
  std::fseek(f, 0, SEEK_SET);
  std::vector<char> text(static_cast<size_t>(size));
  size_t got = std::fread(text.data(), 1, text.size(), f);
  std::fclose(f);
  std::vector<float> out;
  out.reserve(got / 2);
  const char* p = text.data();
  const char* end = p + got;
  while (p < end) {
    while (p < end && separator(*p)) p++;
    if (p >= end) break;
    double v = 0;
    auto r = std::from_chars(p, end, v);
    if (r.ec == std::errc()) out.push_back(static_cast<float>(v));
    p = r.ptr;
    while (p < end && !separator(*p)) p++;
  }
  return out;
}

int main(int argc, char** argv) {
  if (argc < 4) return 2;
  int calls = std::atoi(argv[2]);
  std::vector<float> last;
  auto w0 = std::chrono::steady_clock::now();
  std::clock_t c0 = std::clock();
  for (int i = 0; i < calls; i++) last = parse(argv[1]);
  double cpu = 1000.0 * static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC / calls;
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - w0).count() / calls;
  std::FILE* o = std::fopen(argv[3], "wb");
  if (!o) return 3;
  std::fwrite(last.data(), sizeof(float), last.size(), o);
  std::fclose(o);
  std::printf("{\"ms\": %.4f, \"cpu\": %.4f, \"numbers\": %zu}\n", ms, cpu, last.size());
  return 0;
}
