// Client-side cost of one verified call through the C# binding: N sequential `init` calls (each
// with a fresh nonce, its answer's signature, timestamp and nonce checked by liblatchkey) against
// the service in LATCHKEY_*; prints one JSON line with the process's CPU time and the wall time per
// call, like libs/sdk-c/bench/bench.c (scripts/bench-sdk.mjs runs both).
//   node scripts/with-live-service.mjs -- mono libs/sdk-csharp/build/latchkey-bench.exe [N]
using System;
using System.Diagnostics;
using System.Globalization;
using Latchkey;

internal static class Bench
{
    private static int Main(string[] args)
    {
        var calls = args.Length > 0 ? long.Parse(args[0], CultureInfo.InvariantCulture) : 2000;
        if (calls < 1)
        {
            Console.Error.WriteLine("usage: latchkey-bench [calls, default 2000]");
            return 2;
        }
        Func<string, string> Env = Environment.GetEnvironmentVariable;
        try
        {
            using (var client = new LatchkeyClient(Env("LATCHKEY_URL"), Env("LATCHKEY_APP_ID"), Env("LATCHKEY_API_KEY"), Env("LATCHKEY_PUBLIC_KEY")))
            {
                // Warm-up: opens the kept-alive connection and compiles the call path (JIT), as a long-running program would have.
                for (var i = 0; i < 50; i++) client.Init();
                var process = Process.GetCurrentProcess();
                process.Refresh();
                var cpuStart = process.TotalProcessorTime;
                var wall = Stopwatch.StartNew();
                for (long i = 0; i < calls; i++) client.Init();
                wall.Stop();
                process.Refresh();
                var cpu = process.TotalProcessorTime - cpuStart;
                var line = string.Format(CultureInfo.InvariantCulture,
                    "{{\"sdk\":\"csharp\",\"calls\":{0},\"cpuMicrosPerCall\":{1:0.0},\"wallMicrosPerCall\":{2:0.0}}}",
                    calls, cpu.TotalMilliseconds * 1000 / calls, wall.Elapsed.TotalMilliseconds * 1000 / calls);
                Console.WriteLine(line);
            }
            return 0;
        }
        catch (LatchkeyException error)
        {
            Console.Error.WriteLine($"error {error.CodeName}: {error.Message}");
            return 1;
        }
    }
}
