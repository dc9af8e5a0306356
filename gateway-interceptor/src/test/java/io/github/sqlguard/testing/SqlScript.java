package io.github.sqlguard.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A case script: statements split at {@code ;} outside quotes and comments ({@code EXECUTE
 * STATEMENT SET BEGIN ... END;} kept whole), and its header {@code -- expect: LEVEL rule-id...}.
 */
public record SqlScript(Path file, String expectedVerdict, List<String> expectedRules, List<String> statements) {

    public static SqlScript read(Path file) throws IOException {
        String text = Files.readString(file);
        String verdict = null;
        List<String> rules = new ArrayList<>();
        for (String line : text.lines().toList()) {
            if (line.startsWith("-- expect:")) {
                String[] words = line.substring("-- expect:".length()).strip().split("\\s+");
                verdict = words[0];
                rules.addAll(Arrays.asList(words).subList(1, words.length));
                break;
            }
        }
        if (verdict == null) {
            throw new IllegalArgumentException(file + " has no '-- expect:' header");
        }
        return new SqlScript(file, verdict, rules, split(text));
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
