// The C++ driver's compiled part (lc.hpp says the whole): the JSON reader and writer, the call read
// from stdin, the arguments matched to the parameters, the real stdout kept for the result.
#include "lc.hpp"
#ifdef _WIN32
#include <io.h>
#define dup _dup
#define dup2 _dup2
#define write _write
#else
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace oj_leetcode {

const J* J::get(const std::string& key) const {
    if (k != Obj) return nullptr;
    for (size_t n = 0; n < keys.size(); n++)
        if (keys[n] == key) return &a[n];
    return nullptr;
}

namespace {

struct Reader {
    const std::string& s;
    size_t p = 0;

    void space() {
        while (p < s.size() && std::isspace((unsigned char)s[p])) p++;
    }
    [[noreturn]] void bad() { fail("the call is not JSON (at byte " + std::to_string(p) + ")"); }
    void expect(char c) {
        space();
        if (p >= s.size() || s[p] != c) bad();
        p++;
    }
    void utf8(std::string& out, unsigned c) {
        if (c < 0x80) {
            out += char(c);
        } else if (c < 0x800) {
            out += char(0xC0 | c >> 6);
            out += char(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            out += char(0xE0 | c >> 12);
            out += char(0x80 | (c >> 6 & 0x3F));
            out += char(0x80 | (c & 0x3F));
        } else {
            out += char(0xF0 | c >> 18);
            out += char(0x80 | (c >> 12 & 0x3F));
            out += char(0x80 | (c >> 6 & 0x3F));
            out += char(0x80 | (c & 0x3F));
        }
    }
    unsigned hex4() {
        if (p + 4 > s.size()) bad();
        unsigned c = unsigned(std::stoul(s.substr(p, 4), nullptr, 16));
        p += 4;
        return c;
    }
    std::string string() {
        expect('"');
        std::string out;
        while (p < s.size() && s[p] != '"') {
            char c = s[p++];
            if (c != '\\') {
                out += c;
                continue;
            }
            if (p >= s.size()) bad();
            char e = s[p++];
            switch (e) {
                case 'n': out += '\n'; break;
                case 't': out += '\t'; break;
                case 'r': out += '\r'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'u': {
                    unsigned c1 = hex4();
                    if (c1 >= 0xD800 && c1 < 0xDC00 && s.compare(p, 2, "\\u") == 0) {
                        p += 2;
                        c1 = 0x10000 + ((c1 - 0xD800) << 10) + (hex4() - 0xDC00);
                    }
                    utf8(out, c1);
                    break;
                }
                default: out += e;
            }
        }
        expect('"');
        return out;
    }
    J value() {
        space();
        if (p >= s.size()) bad();
        J j;
        char c = s[p];
        if (c == '{') {
            j.k = J::Obj;
            p++;
            space();
            if (p < s.size() && s[p] == '}') return p++, j;
            do {
                j.keys.push_back(string());
                expect(':');
                j.a.push_back(value());
                space();
            } while (p < s.size() && s[p] == ',' && ++p);
            expect('}');
        } else if (c == '[') {
            j.k = J::Arr;
            p++;
            space();
            if (p < s.size() && s[p] == ']') return p++, j;
            do {
                j.a.push_back(value());
                space();
            } while (p < s.size() && s[p] == ',' && ++p);
            expect(']');
        } else if (c == '"') {
            j.k = J::Str;
            j.s = string();
        } else if (s.compare(p, 4, "true") == 0 || s.compare(p, 5, "false") == 0) {
            j.k = J::Bool;
            j.b = c == 't';
            j.i = j.b;
            p += j.b ? 4 : 5;
        } else if (s.compare(p, 4, "null") == 0) {
            p += 4;
        } else {
            size_t end = p;
            while (end < s.size() && std::strchr("+-0123456789.eE", s[end])) end++;
            if (end == p) bad();
            std::string text = s.substr(p, end - p);
            p = end;
            j.k = J::Num;
            j.d = std::strtod(text.c_str(), nullptr);
            bool integer = text.find_first_of(".eE") == std::string::npos;
            j.i = integer ? std::strtoll(text.c_str(), nullptr, 10) : (long long)j.d;
        }
        return j;
    }
};

Call the_call;
int real_stdout = 1;
// Arguments the judge makes up: 277's `n` (the number of people), not in its example.
std::deque<J> made;

}  // namespace

Call& call() { return the_call; }

const J* Call::named(const std::string& name) const {
    if (!args) return nullptr;
    for (size_t k = 0; k < names.size() && k < args->a.size(); k++)
        if (names[k] == name) return &args->a[k];
    return nullptr;
}

const J* Call::methods() const { return doc.get("methods"); }

const J& api() {
    static const J none;
    const J* a = the_call.doc.get("api");
    const J* arg = a ? a->get("arg") : nullptr;
    const J* v = arg ? the_call.named(arg->s) : nullptr;
    return v ? *v : none;
}

std::string prefix;  // "N ": in a child of `many`

#ifndef _WIN32
double ms() {
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

#if defined(__linux__) && defined(__SANITIZE_ADDRESS__)
#define OJ_WATCH_MEMORY 1
#elif defined(__linux__) && defined(__has_feature)
#if __has_feature(address_sanitizer)
#define OJ_WATCH_MEMORY 1
#endif
#endif

#ifdef OJ_WATCH_MEMORY
// An AddressSanitizer build runs without an address-space limit, its memory watched by ASan's
// thread (`hard_rss_limit_mb`, in ASAN_OPTIONS), which a forked child does not have: the child
// watches its own resident memory, and ends as ASan would past the limit (the testcase then runs
// alone, under ASan's own watch).
void watch_memory() {
    const char* options = std::getenv("ASAN_OPTIONS");
    const char* at = options ? std::strstr(options, "hard_rss_limit_mb=") : nullptr;
    long mb = at ? std::atol(at + std::strlen("hard_rss_limit_mb=")) : 0;
    if (mb <= 0) return;
    std::thread([mb] {
        long page = sysconf(_SC_PAGESIZE), size = 0, rss = 0;
        for (;;) {
            usleep(50000);
            FILE* f = std::fopen("/proc/self/statm", "r");
            if (!f) return;
            if (std::fscanf(f, "%ld %ld", &size, &rss) != 2) rss = 0;
            std::fclose(f);
            if (rss * page > (mb << 20)) {
                std::fprintf(stderr, "==%d==ERROR: AddressSanitizer: hard rss limit exhausted (%ldMb vs %ldMb)\n",
                             int(getpid()), mb, rss * page >> 20);
                std::_Exit(1);
            }
        }
    }).detach();
}
#endif

// `--many MS`: python.py's `many` (docs/stress.md), each line in a child forked here.
std::string many(const std::string& all, double limit, double started) {
    for (size_t at = 0, end, n = 0; at < all.size(); at = end + 1, n++) {
        end = std::min(all.find('\n', at), all.size());
        double begin = ms(), spent = n ? 0 : begin - started;
        pid_t pid = fork();
        if (!pid) {
            long us = std::max(long((limit - spent) * 1e3), 1000L);
            itimerval t{{0, 0}, {us / 1000000, us % 1000000}};
            setitimer(ITIMER_REAL, &t, nullptr);
            prefix = std::to_string(n) + " ";
#ifdef OJ_WATCH_MEMORY
            watch_memory();
#endif
            return all.substr(at, end - at);
        }
        int status = 1;
        while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (pid < 0 || status || ms() - begin + spent > limit) std::_Exit(1);
    }
    std::_Exit(0);
}
#endif

void start(int argc, char** argv) {
#ifndef _WIN32
    double started = ms();
#endif
    std::string text;
    char buf[1 << 16];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, stdin)) > 0;) text.append(buf, n);
#ifndef _WIN32
    if (argc > 2 && std::string(argv[1]) == "--many") text = many(text, std::atof(argv[2]), started);
#endif
    the_call.doc = Reader{text}.value();
    the_call.args = the_call.doc.get("args");
    if (const J* names = the_call.doc.get("names"))
        for (const J& n : names->a) the_call.names.push_back(n.s);
    const J* returns = the_call.doc.get("returns");
    the_call.value = returns && returns->s == "value";
    const J* declared = the_call.doc.get("declared");
    the_call.boolean = declared && declared->s == "bool";
    the_call.integer = declared && declared->s == "int";
    // 277: `knows` is built from `graph`, and the method takes the number of people.
    const J* a = the_call.doc.get("api");
    const J* name = a ? a->get("name") : nullptr;
    if (name && name->s == "knows" && the_call.args && !the_call.named("n")) {
        made.emplace_back();
        made.back().k = J::Num;
        made.back().i = (long long)api().a.size();
        made.back().d = double(made.back().i);
        J args = *the_call.args;
        args.a.push_back(made.back());
        made.push_back(args);
        the_call.args = &made.back();
        the_call.names.push_back("n");
    }
    // What the code prints goes to stderr; the result, to the real stdout.
    std::fflush(stdout);
    real_stdout = dup(1);
    if (real_stdout < 0 || dup2(2, 1) < 0) real_stdout = 1;
}

void finish(const std::string& result) {
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    std::string line = prefix + result + "\n";
    for (size_t done = 0; done < line.size();) {
        auto n = write(real_stdout, line.data() + done, (unsigned)(line.size() - done));
        if (n <= 0) break;
        done += size_t(n);
    }
    // The code's objects are not destroyed: LeetCode judges what was returned, not the teardown.
    std::_Exit(0);
}

void fail(const std::string& why) {
    std::cout.flush();
    std::fflush(nullptr);
    std::fprintf(stderr, "driver: %s\n", why.c_str());
    std::fflush(stderr);
    std::_Exit(1);
}

void quote(std::string& out, const std::string& s) {
    out += '"';
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += char(c);
        } else if (c < 0x20) {
            char esc[8];
            std::snprintf(esc, sizeof esc, "\\u%04x", c);
            out += esc;
        } else {
            out += char(c);
        }
    }
    out += '"';
}

// The shortest of 15 and 17 significant digits that reads back as the same double.
void number(std::string& out, double d) {
    if (std::isnan(d)) {
        out += "NaN";
        return;
    }
    if (std::isinf(d)) {
        out += d > 0 ? "Infinity" : "-Infinity";
        return;
    }
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.15g", d);
    if (std::strtod(buf, nullptr) != d) std::snprintf(buf, sizeof buf, "%.17g", d);
    out += buf;
}

// The usual types' readers and writers, for every build (lc.hpp declares them).
#define OJ_LC_INSTANTIATE(T)                     \
    template void lc_read<T>(const J&, T&); \
    template void lc_show<T>(std::string&, const T&);
OJ_LC_USUAL(OJ_LC_INSTANTIATE)

std::vector<const J*> positional(const J* list) {
    std::vector<const J*> out;
    if (list)
        for (const J& j : list->a) out.push_back(&j);
    return out;
}

static bool all_named(const std::vector<std::string>& params) {
    if (params.empty()) return false;
    for (auto& p : params)
        if (p.empty() || !the_call.named(p)) return false;
    return true;
}

std::vector<const J*> matched(const std::vector<std::string>& params) {
    if (!all_named(params)) return positional(the_call.args);
    std::vector<const J*> out;
    for (auto& p : params) out.push_back(the_call.named(p));
    return out;
}

std::vector<const J*> extra_lists(const std::vector<std::string>& params) {
    std::vector<const J*> out;
    if (!all_named(params)) return out;
    for (size_t k = 0; k < the_call.names.size() && k < the_call.args->a.size(); k++) {
        const std::string& n = the_call.names[k];
        if (n != "pos" && std::find(params.begin(), params.end(), n) == params.end() &&
            the_call.args->a[k].k == J::Arr)
            out.push_back(&the_call.args->a[k]);
    }
    return out;
}

}  // namespace oj_leetcode
