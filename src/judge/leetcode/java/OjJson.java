// The Java driver's JSON: a small reader for the call (objects as LinkedHashMap, arrays as
// ArrayList, integers as Long, other numbers as Double) and a writer for plain values (numbers,
// booleans, strings, chars as one-letter strings, lists, maps, char arrays).
import java.util.*;

final class OjJson {
    private final String s;
    private int i;

    OjJson(String s) {
        this.s = s;
    }

    Object value() {
        skip();
        char c = s.charAt(i);
        switch (c) {
            case '{': {
                Map<String, Object> m = new LinkedHashMap<>();
                i++;
                for (skip(); s.charAt(i) != '}'; skip()) {
                    String k = (String) value();
                    skip();
                    i++; // ':'
                    m.put(k, value());
                    skip();
                    if (s.charAt(i) == ',') {
                        i++;
                    }
                }
                i++;
                return m;
            }
            case '[': {
                List<Object> l = new ArrayList<>();
                i++;
                for (skip(); s.charAt(i) != ']'; skip()) {
                    l.add(value());
                    skip();
                    if (s.charAt(i) == ',') {
                        i++;
                    }
                }
                i++;
                return l;
            }
            case '"':
                return string();
            default:
                return word();
        }
    }

    private void skip() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
    }

    private String string() {
        StringBuilder sb = new StringBuilder();
        for (i++; s.charAt(i) != '"'; i++) {
            char c = s.charAt(i);
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            char e = s.charAt(++i);
            switch (e) {
                case 'n': sb.append('\n'); break;
                case 't': sb.append('\t'); break;
                case 'r': sb.append('\r'); break;
                case 'b': sb.append('\b'); break;
                case 'f': sb.append('\f'); break;
                case 'u': sb.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16)); i += 4; break;
                default: sb.append(e);
            }
        }
        i++;
        return sb.toString();
    }

    private Object word() {
        int start = i;
        while (i < s.length() && "{}[],: \t\r\n".indexOf(s.charAt(i)) < 0) {
            i++;
        }
        String w = s.substring(start, i);
        switch (w) {
            case "true": return Boolean.TRUE;
            case "false": return Boolean.FALSE;
            case "null": return null;
            default:
        }
        try {
            return Long.parseLong(w);
        } catch (NumberFormatException e) {
            return Double.parseDouble(w);
        }
    }

    static String write(Object v) {
        StringBuilder sb = new StringBuilder();
        write(sb, v);
        return sb.toString();
    }

    private static void write(StringBuilder sb, Object v) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            sb.append(Double.isFinite(d) ? (v instanceof Float ? Float.toString((Float) v) : Double.toString(d)) : "null");
        } else if (v instanceof Number || v instanceof Boolean) {
            sb.append(v);
        } else if (v instanceof List) {
            sb.append('[');
            for (Object x : (List<?>) v) {
                if (sb.charAt(sb.length() - 1) != '[') {
                    sb.append(',');
                }
                write(sb, x);
            }
            sb.append(']');
        } else if (v instanceof char[]) {
            sb.append('[');
            for (char c : (char[]) v) {
                if (sb.charAt(sb.length() - 1) != '[') {
                    sb.append(',');
                }
                quote(sb, String.valueOf(c));
            }
            sb.append(']');
        } else if (v instanceof Map) {
            sb.append('{');
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                if (sb.charAt(sb.length() - 1) != '{') {
                    sb.append(',');
                }
                quote(sb, String.valueOf(e.getKey()));
                sb.append(':');
                write(sb, e.getValue());
            }
            sb.append('}');
        } else {
            quote(sb, String.valueOf(v));
        }
    }

    private static void quote(StringBuilder sb, String s) {
        sb.append('"');
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e) {
                // ASCII only: the JVM's stdout may not encode UTF-8 (a C locale).
                sb.append("\\u");
                for (int shift = 12; shift >= 0; shift -= 4) {
                    sb.append(Character.forDigit((c >> shift) & 15, 16));
                }
            } else {
                sb.append(c);
            }
        }
        sb.append('"');
    }
}
