// A licensed command-line program, as a vendor would write it with the Latchkey package alone (the
// C# twin of examples/cli/cli.mjs, same flags and output): it logs in with a license key bound to
// this machine, prints the user's level and expiry, reads a server-side variable and downloads a
// file, end-to-end encrypted.
//
//   LATCHKEY_URL=https://licensing.example.com LATCHKEY_APP_ID=... LATCHKEY_API_KEY=... LATCHKEY_PUBLIC_KEY=... \
//     latchkey-cli --key XXXXX-XXXXX-XXXXX-XXXXX [--var motd] [--file <fileId> --out ./app.bin] [--hwid <id>]
//
// Exit status: 0 on success, 1 when the service refused (the code is printed), 2 on bad usage.
using System;
using System.Collections.Generic;
using System.Linq;
using Latchkey;

internal static class Cli
{
    private const string Usage =
        "usage: latchkey-cli --key <license key> [--var <key>] [--file <fileId> --out <path>] [--hwid <id>]\n" +
        "environment: LATCHKEY_URL, LATCHKEY_APP_ID, LATCHKEY_API_KEY, LATCHKEY_PUBLIC_KEY\n";

    private static readonly string[] Options = { "key", "var", "file", "out", "hwid" };
    private static readonly string[] EnvironmentNames = { "LATCHKEY_URL", "LATCHKEY_APP_ID", "LATCHKEY_API_KEY", "LATCHKEY_PUBLIC_KEY" };

    /// <summary>--name value or --name=value; null (after saying why) on an unknown option or a missing value.</summary>
    private static Dictionary<string, string> Parse(string[] args)
    {
        var values = new Dictionary<string, string>();
        for (var i = 0; i < args.Length; i++)
        {
            var arg = args[i];
            if (!arg.StartsWith("--", StringComparison.Ordinal))
            {
                Console.Error.WriteLine($"Unexpected argument '{arg}'");
                return null;
            }
            var equals = arg.IndexOf('=');
            var name = equals < 0 ? arg.Substring(2) : arg.Substring(2, equals - 2);
            if (!Options.Contains(name))
            {
                Console.Error.WriteLine($"Unknown option '{arg}'");
                return null;
            }
            if (equals >= 0) values[name] = arg.Substring(equals + 1);
            else if (i + 1 < args.Length) values[name] = args[++i];
            else
            {
                Console.Error.WriteLine($"Option '--{name} <value>' argument missing");
                return null;
            }
        }
        return values;
    }

    /// <summary>As JavaScript's toISOString prints it.</summary>
    private static string Iso(DateTimeOffset time) => time.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'");

    private static int Main(string[] args)
    {
        Console.Out.NewLine = "\n";
        Console.Error.NewLine = "\n";
        var o = Parse(args);
        if (o == null)
        {
            Console.Error.Write(Usage);
            return 2;
        }
        var missing = EnvironmentNames.Where(n => string.IsNullOrEmpty(System.Environment.GetEnvironmentVariable(n))).ToList();
        if (!o.ContainsKey("key") || missing.Count > 0 || (o.ContainsKey("file") && !o.ContainsKey("out")))
        {
            if (missing.Count > 0) Console.Error.WriteLine($"missing {string.Join(", ", missing)}");
            Console.Error.Write(Usage);
            return 2;
        }
        Func<string, string> Env = System.Environment.GetEnvironmentVariable;
        try
        {
            using (var lk = new LatchkeyClient(Env("LATCHKEY_URL"), Env("LATCHKEY_APP_ID"), Env("LATCHKEY_API_KEY"), Env("LATCHKEY_PUBLIC_KEY")))
            {
                // The HWID ties the key to this computer: a salted hash of the OS's machine id.
                var hwid = o.ContainsKey("hwid") ? o["hwid"] : LatchkeyClient.MachineId(Env("LATCHKEY_APP_ID"));
                var session = lk.License(o["key"], hwid);
                Console.WriteLine($"level: {session.User.Level}");
                Console.WriteLine($"expires: {(session.User.ExpiresAt.HasValue ? Iso(session.User.ExpiresAt.Value) : "never (lifetime)")}");
                if (session.Ticket != null) Console.WriteLine($"offline until: {Iso(lk.VerifyTicket(session.Ticket, hwid).ExpiresAt)}");
                if (o.ContainsKey("var")) Console.WriteLine($"{o["var"]}: {lk.Var(o["var"])}");
                if (o.ContainsKey("file"))
                {
                    var file = lk.DownloadFile(o["file"], o["out"]);
                    Console.WriteLine($"downloaded: {file.Name} ({file.Size} bytes, sha256 {file.Sha256}) to {o["out"]}");
                }
                lk.Logout();
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
