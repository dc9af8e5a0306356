package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.GuardedGateway;

import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.ext.heading.anchor.HeadingAnchorExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Every relative link of the repository's Markdown files resolves: to a file or directory of the
 * repository, and where it names an anchor ({@code file.md#anchor}, {@code #anchor}), to a heading
 * of that Markdown file (or an HTML {@code id}/{@code name} in it). The files are read as GitHub
 * renders them: CommonMark with GitHub's tables ({@code commonmark-java}), so a link inside a code
 * span or block is no link; heading anchors are made as GitHub makes them (lower case, spaces to
 * {@code -}, punctuation dropped, {@code -1}, {@code -2} for repeats), by {@code
 * commonmark-ext-heading-anchor}. Absolute links ({@code https:}, {@code mailto:}) are not checked.
 * Build output ({@code target/}) and hidden directories are not part of the documentation.
 */
class MarkdownLinksTest {

    private static final Path ROOT = GuardedGateway.projectRoot().toAbsolutePath().normalize();

    private static final List<Extension> EXTENSIONS =
            List.of(TablesExtension.create(), HeadingAnchorExtension.create());
    private static final Parser PARSER = Parser.builder().extensions(EXTENSIONS).build();
    private static final HtmlRenderer HTML = HtmlRenderer.builder().extensions(EXTENSIONS).build();

    /** A URI scheme ({@code https:}, {@code mailto:}): an absolute link. */
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");
    private static final Pattern HEADING_ID = Pattern.compile("<h[1-6] id=\"([^\"]*)\"");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s[^>]*\\b(?:id|name)=\"([^\"]+)\"");

    private final Map<Path, Set<String>> anchors = new HashMap<>();

    static Stream<Path> markdownFiles() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.map(ROOT::relativize)
                    .filter(p -> p.toString().endsWith(".md") && documentation(p))
                    .sorted()
                    .toList()
                    .stream();
        }
    }

    private static boolean documentation(Path relative) {
        for (int i = 0; i < relative.getNameCount() - 1; i++) {
            String directory = relative.getName(i).toString();
            if (directory.equals("target") || directory.startsWith(".")) {
                return false;
            }
        }
        return true;
    }

    @Test
    void findsTheDocumentation() throws IOException {
        assertThat(markdownFiles().map(Path::toString))
                .contains("README.md", "CONTRIBUTING.md", "docs/README.md", "bench/README.md", "docs/rules/README.md");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("markdownFiles")
    void everyRelativeLinkResolvesToAFileAndItsAnchorToAHeading(Path file) {
        List<String> broken = new ArrayList<>();
        for (String destination : links(ROOT.resolve(file))) {
            if (destination.isEmpty() || SCHEME.matcher(destination).find() || destination.startsWith("//")) {
                continue;
            }
            int hash = destination.indexOf('#');
            String path = (hash < 0 ? destination : destination.substring(0, hash)).replace("%20", " ");
            String anchor = hash < 0 ? null : destination.substring(hash + 1);
            Path target = path.isEmpty()
                    ? ROOT.resolve(file)
                    : (path.startsWith("/") ? ROOT.resolve(path.substring(1)) : ROOT.resolve(file).resolveSibling(path))
                            .normalize();
            String relative = ROOT.relativize(target).toString().replace('\\', '/');
            if (!Files.exists(target)) {
                broken.add(destination + " (no such file: " + relative + ")");
                continue;
            }
            if (anchor != null && target.toString().endsWith(".md") && !anchorsOf(target).contains(anchor)) {
                broken.add(destination + " (no heading '#" + anchor + "' in " + relative + "; it has "
                        + anchorsOf(target) + ")");
            }
        }
        assertThat(broken).as("broken links in %s", file).isEmpty();
    }

    /** The destinations of every link and image of a Markdown file, reference links resolved. */
    private static List<String> links(Path file) {
        List<String> destinations = new ArrayList<>();
        parse(file).accept(new AbstractVisitor() {
            @Override
            public void visit(Link link) {
                destinations.add(link.getDestination());
                visitChildren(link);
            }

            @Override
            public void visit(Image image) {
                destinations.add(image.getDestination());
                visitChildren(image);
            }
        });
        return destinations;
    }

    /** The anchors of a Markdown file: its headings' ids as GitHub makes them, and HTML ids and names. */
    private Set<String> anchorsOf(Path file) {
        return anchors.computeIfAbsent(file, f -> {
            Node document = parse(f);
            Set<String> found = new TreeSet<>();
            Matcher heading = HEADING_ID.matcher(HTML.render(document));
            while (heading.find()) {
                found.add(heading.group(1));
            }
            document.accept(new AbstractVisitor() {
                @Override
                public void visit(HtmlBlock html) {
                    addHtmlAnchors(html.getLiteral(), found);
                }

                @Override
                public void visit(HtmlInline html) {
                    addHtmlAnchors(html.getLiteral(), found);
                }
            });
            return found;
        });
    }

    private static void addHtmlAnchors(String html, Set<String> found) {
        Matcher anchor = HTML_ANCHOR.matcher(html);
        while (anchor.find()) {
            found.add(anchor.group(1));
        }
    }

    private static Node parse(Path file) {
        try {
            return PARSER.parse(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
