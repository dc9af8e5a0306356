package io.github.sqlguard.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A case script: statements split at {@code ;} outside quotes and comments ({@code EXECUTE
 * STATEMENT SET BEGIN ... END;} kept whole), and its header: {@code -- expect: LEVEL rule-id...};
 * optionally {@code -- session: key=value} (session properties at open) and {@code --
 * execution-config: key=value} (per-statement config of the last statement), each repeatable.
 */
public record SqlScript(
        Path file,
        String expectedVerdict,
        List<String> expectedRules,
        List<String> statements,
        Map<String, String> sessionProperties,
        Map<String, String> executionConfig) {

    public static SqlScript read(Path file) throws IOException {
        String text = Files.readString(file);
        String verdict = null;
        List<String> rules = new ArrayList<>();
        Map<String, String> session = new LinkedHashMap<>();
        Map<String, String> execution = new LinkedHashMap<>();
        for (String line : text.lines().toList()) {
            if (line.startsWith("-- expect:") && verdict == null) {
                String[] words = line.substring("-- expect:".length()).strip().split("\\s+");
                verdict = words[0];
                rules.addAll(Arrays.asList(words).subList(1, words.length));
            } else if (line.startsWith("-- session:")) {
                put(session, line.substring("-- session:".length()));
            } else if (line.startsWith("-- execution-config:")) {
                put(execution, line.substring("-- execution-config:".length()));
            }
        }
        if (verdict == null) {
            throw new IllegalArgumentException(file + " has no '-- expect:' header");
        }
        return new SqlScript(file, verdict, rules, split(text), session, execution);
    }

    private static void put(Map<String, String> map, String keyValue) {
        String[] kv = keyValue.split("=", 2);
        map.put(kv[0].strip(), kv[1].strip());
    }

    public String name() {
        return file.getFileName().toString();
    }

    static List<String> split(String text) {
        List<String> pieces = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        char quote = 0;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (quote != 0) {
                current.append(c);
                if (c == quote) {
                    quote = 0;
                }
                i++;
            } else if (c == '\'' || c == '`' || c == '"') {
                quote = c;
                current.append(c);
                i++;
            } else if (c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-') {
                int end = text.indexOf('\n', i);
                end = end < 0 ? text.length() : end;
                current.append(text, i, end);
                i = end;
            } else if (c == ';') {
                pieces.add(current.toString());
                current.setLength(0);
                i++;
            } else {
                current.append(c);
                i++;
            }
        }
        pieces.add(current.toString());
        List<String> statements = new ArrayList<>();
        StringBuilder set = null;
        for (String piece : pieces) {
            String code = withoutComments(piece).strip();
            if (code.isEmpty()) {
                continue;
            }
            String upper = code.toUpperCase(Locale.ROOT).replaceAll("\\s+", " ");
            if (set != null) {
                set.append(';').append(piece);
                if (upper.equals("END")) {
                    statements.add(set.toString().strip());
                    set = null;
                }
            } else if (upper.startsWith("EXECUTE STATEMENT SET") || upper.startsWith("STATEMENT SET")) {
                set = new StringBuilder(piece);
            } else {
                statements.add(piece.strip());
            }
        }
        return statements;
    }

    private static String withoutComments(String piece) {
        StringBuilder out = new StringBuilder();
        for (String line : piece.split("\n")) {
            if (!line.strip().startsWith("--")) {
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }
}
