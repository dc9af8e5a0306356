import jdk.jfr.consumer.*;
import java.nio.file.Path;
import java.util.*;
/** Allocation samples of thread main whose stack holds arg1: weight by object class and top frame. */
public class JfrAllocClass {
    public static void main(String[] a) throws Exception {
        Map<String, Long> m = new HashMap<>(); long total = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(a[0]))) {
            if (!e.getEventType().getName().equals("jdk.ObjectAllocationSample")) continue;
            RecordedThread t = e.getThread("eventThread");
            if (t == null || !"main".equals(t.getJavaName()) || e.getStackTrace() == null) continue;
            List<RecordedFrame> f = e.getStackTrace().getFrames();
            boolean in = false;
            for (RecordedFrame x : f) if (name(x).contains(a[1])) { in = true; break; }
            if (!in) continue;
            long w = e.getLong("weight"); total += w;
            RecordedClass c = e.getClass("objectClass");
            m.merge(c.getName() + " @ " + name(f.get(0)), w, Long::sum);
        }
        System.out.println("total " + total);
        long tt = total;
        m.entrySet().stream().sorted((x, y) -> Long.compare(y.getValue(), x.getValue())).limit(Integer.parseInt(a.length > 2 ? a[2] : "20"))
            .forEach(c -> System.out.printf("%10d %5.1f%%  %s%n", c.getValue(), 100.0 * c.getValue() / tt, c.getKey()));
    }
    static String name(RecordedFrame f) { return f.getMethod().getType().getName() + "." + f.getMethod().getName(); }
}
