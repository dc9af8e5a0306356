import java.io.File;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Before against after in one JVM: CheapPathBench loaded twice, each time with one build's class path (its own
 * class loader, the platform loader as parent), and the two builds' calls alternated round by round, so the
 * machine's load falls on both alike. Medians of the rounds, and the median of after/before per round.
 * usage: java -cp <this dir> PairedBench BENCH_CLASSES BEFORE_LIB AFTER_LIB WARM_ROUNDS N COLD_ROUNDS
 */
public class PairedBench {

    static Class<?> load(String benchClasses, String lib) throws Exception {
        List<URL> urls = new ArrayList<>();
        urls.add(new File(benchClasses).toURI().toURL());
        for (File jar : new File(lib).listFiles((d, name) -> name.endsWith(".jar"))) {
            urls.add(jar.toURI().toURL());
        }
        ClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
        Class<?> bench = Class.forName("CheapPathBench", true, loader);
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(loader);
        try {
            bench.getMethod("setUp").invoke(null);
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
        return bench;
    }

    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    public static void main(String[] args) throws Exception {
        Class<?>[] builds = {load(args[0], args[1]), load(args[0], args[2])};
        int warmRounds = Integer.parseInt(args[3]);
        int n = Integer.parseInt(args[4]);
        int coldRounds = Integer.parseInt(args[5]);
        String[] kinds = (String[]) builds[0].getField("KINDS").get(null);
        String[] parts = (String[]) builds[0].getField("PARTS").get(null);
        int cells = kinds.length * parts.length;
        for (String mode : new String[] {"warm", "cold"}) {
            int rounds = mode.equals("warm") ? warmRounds : coldRounds;
            List<List<Double>> before = new ArrayList<>();
            List<List<Double>> after = new ArrayList<>();
            List<List<Double>> ratio = new ArrayList<>();
            for (int c = 0; c < cells; c++) {
                before.add(new ArrayList<>());
                after.add(new ArrayList<>());
                ratio.add(new ArrayList<>());
            }
            for (int round = (mode.equals("warm") ? -5 : 0); round < rounds; round++) {
                long[][] t = new long[2][];
                // Alternate which build goes first.
                for (int i = 0; i < 2; i++) {
                    int b = (round + i) % 2 == 0 ? 0 : 1;
                    Method m = mode.equals("warm") ? builds[b].getMethod("warm", int.class) : builds[b].getMethod("cold");
                    t[b] = (long[]) (mode.equals("warm") ? m.invoke(null, n) : m.invoke(null));
                }
                if (round < 0) {
                    continue;
                }
                for (int c = 0; c < cells; c++) {
                    before.get(c).add(t[0][c] / 1000.0);
                    after.get(c).add(t[1][c] / 1000.0);
                    ratio.get(c).add(t[0][c] == 0 ? 1.0 : (double) t[1][c] / t[0][c]);
                }
            }
            System.out.printf("%s: %d rounds%s; load %s%n", mode, rounds, mode.equals("warm") ? " of " + n + " calls" : ", one call each after 3 ms asleep",
                    new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/loadavg"))).strip());
            System.out.println("| statement | part | before µs | after µs | after/before (median of rounds) |");
            System.out.println("|---|---|---:|---:|---:|");
            for (int c = 0; c < cells; c++) {
                System.out.printf("| %s | %s | %.2f | %.2f | %.2f |%n", kinds[c / parts.length], parts[c % parts.length],
                        median(before.get(c)), median(after.get(c)), median(ratio.get(c)));
            }
        }
    }
}
