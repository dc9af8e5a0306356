import jdk.jfr.consumer.*;
import java.nio.file.Path;
import java.util.*;

/** JFR samples (execution, or allocation by weight) of thread main under the frame arg1, split by the first frame (from the root) of a list of markers below it. */
public class JfrSplit {
    public static void main(String[] a) throws Exception {
        String under = a[1]; String[] markers = a[2].split(",");
        String event = a.length > 3 ? a[3] : "jdk.ExecutionSample";
        Map<String, Long> m = new TreeMap<>(); long total = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(a[0]))) {
            if (!e.getEventType().getName().equals(event)) continue;
            RecordedThread t = e.getThread(event.equals("jdk.ExecutionSample") ? "sampledThread" : "eventThread");
            if (t == null || !"main".equals(t.getJavaName()) || e.getStackTrace() == null) continue;
            List<RecordedFrame> f = e.getStackTrace().getFrames();
            int at = -1;
            for (int i = f.size() - 1; i >= 0; i--) if (name(f.get(i)).contains(under)) { at = i; break; }
            if (at < 0) continue;
            long w = event.equals("jdk.ExecutionSample") ? 1 : e.getLong("weight");
            total += w;
            String k = "(self/other)";
            outer:
            for (int i = at - 1; i >= 0; i--) for (String mk : markers) if (name(f.get(i)).contains(mk)) { k = mk; break outer; }
            m.merge(k, w, Long::sum);
        }
        System.out.println("total " + total);
        long t = total;
        m.forEach((k, v) -> System.out.printf("%8d %5.1f%%  %s%n", v, 100.0 * v / t, k));
    }
    static String name(RecordedFrame f) { return f.getMethod().getType().getName() + "." + f.getMethod().getName(); }
}
