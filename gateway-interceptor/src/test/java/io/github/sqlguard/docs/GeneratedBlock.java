package io.github.sqlguard.docs;

import java.util.Optional;

/**
 * A generated part of a hand-written file, between two marker lines: {@code <!-- generated: NAME
 * … -->} and {@code <!-- end generated: NAME -->} in Markdown, {@code # generated: NAME …} and
 * {@code # end generated: NAME} in YAML. Only the lines between the markers are rewritten.
 *
 * @param name the block's name, e.g. {@code rule table}
 * @param commentStart how a marker line starts: {@code <!-- } or {@code # }
 * @param commentEnd how a marker line ends: {@code  -->}, or nothing
 */
record GeneratedBlock(String name, String commentStart, String commentEnd) {

    /** What every begin marker says after the name. */
    static final String NOTE = "(from the rule catalog: do not edit; see docs/rules/ADDING.md)";

    static GeneratedBlock markdown(String name) {
        return new GeneratedBlock(name, "<!-- ", " -->");
    }

    static GeneratedBlock yaml(String name) {
        return new GeneratedBlock(name, "# ", "");
    }

    String begin() {
        return commentStart + "generated: " + name + " " + NOTE + commentEnd;
    }

    String end() {
        return commentStart + "end generated: " + name + commentEnd;
    }

    /** {@code content} (with markers) in place of the block of {@code text}, or empty when {@code text} has none. */
    Optional<String> replace(String text, String content) {
        String beginPrefix = commentStart + "generated: " + name + " ";
        int begin = lineStartingWith(text, beginPrefix, 0);
        if (begin < 0) {
            return Optional.empty();
        }
        int end = lineStartingWith(text, end(), begin);
        if (end < 0) {
            throw new IllegalStateException("The generated block '" + name + "' has no end marker '" + end() + "'.");
        }
        int afterEnd = text.indexOf('\n', end);
        afterEnd = afterEnd < 0 ? text.length() : afterEnd + 1;
        return Optional.of(text.substring(0, begin) + block(content) + text.substring(afterEnd));
    }

    /** The block with its markers, each on its own line, ending with a line break. */
    String block(String content) {
        String body = content.endsWith("\n") ? content : content + "\n";
        return begin() + "\n" + body + end() + "\n";
    }

    private static int lineStartingWith(String text, String prefix, int from) {
        int at = from;
        while (at <= text.length()) {
            if (text.startsWith(prefix, at)) {
                return at;
            }
            int next = text.indexOf('\n', at);
            if (next < 0) {
                return -1;
            }
            at = next + 1;
        }
        return -1;
    }
}
