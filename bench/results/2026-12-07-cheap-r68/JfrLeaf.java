import jdk.jfr.consumer.*;
import java.nio.file.Path;
import java.util.*;

/** JFR samples of thread main under a frame containing arg1, grouped by the N frames above the leaf (leaf last). */
public class JfrLeaf {
    public static void main(String[] a) throws Exception {
        String under = a[1]; int n = Integer.parseInt(a[2]); String event = a.length > 3 ? a[3] : "jdk.ExecutionSample";
        Map<String, Long> m = new HashMap<>(); long total = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(a[0]))) {
            if (!e.getEventType().getName().equals(event)) continue;
            RecordedThread t = e.getThread(event.equals("jdk.ExecutionSample") ? "sampledThread" : "eventThread");
            if (t == null || !"main".equals(t.getJavaName()) || e.getStackTrace() == null) continue;
            List<RecordedFrame> f = e.getStackTrace().getFrames();
            int at = -1;
            for (int i = 0; i < f.size(); i++) if (name(f.get(i)).contains(under)) { at = i; break; }
            if (at < 0) continue;
            long w = event.equals("jdk.ExecutionSample") ? 1 : e.getLong("weight");
            total += w;
            StringBuilder k = new StringBuilder();
            for (int i = Math.min(at, n - 1); i >= 0; i--) k.append(short_(name(f.get(i)))).append(i > 0 ? " > " : "");
            m.merge(k.toString(), w, Long::sum);
        }
        System.out.println("total " + total);
        long t = total;
        m.entrySet().stream().sorted((x, y) -> Long.compare(y.getValue(), x.getValue())).limit(Integer.parseInt(a.length > 4 ? a[4] : "25"))
            .forEach(c -> System.out.printf("%8d %5.1f%%  %s%n", c.getValue(), 100.0 * c.getValue() / t, c.getKey()));
    }
    static String name(RecordedFrame f) { return f.getMethod().getType().getName() + "." + f.getMethod().getName(); }
    static String short_(String n) { int i = n.lastIndexOf('.', n.lastIndexOf('.') - 1); return i < 0 ? n : n.substring(i + 1); }
}
