using System;
using System.Globalization;

namespace Latchkey
{
    /// <summary>The app's name, version and update URL (null when it has none).</summary>
    public sealed class AppInfo
    {
        public string Name { get; }
        public string Version { get; }
        public string UpdateUrl { get; }

        private AppInfo(string name, string version, string updateUrl)
        {
            Name = name;
            Version = version;
            UpdateUrl = updateUrl;
        }

        internal static AppInfo Read(IntPtr info)
        {
            var r = new StructReader(info);
            return new AppInfo(r.String(), r.String(), r.String());
        }
    }

    /// <summary>The session's user, as the service signed it.</summary>
    public sealed class User
    {
        public string UserId { get; }
        public string Username { get; }
        public long Level { get; }

        /// <summary>The machine the account is bound to; null when bound to none.</summary>
        public string Hwid { get; }

        /// <summary>Null for a lifetime license.</summary>
        public DateTimeOffset? ExpiresAt { get; }

        public DateTimeOffset CreatedAt { get; }

        /// <summary>Null before the first login.</summary>
        public DateTimeOffset? LastLoginAt { get; }

        private User(string userId, string username, long level, string hwid, DateTimeOffset? expiresAt,
            DateTimeOffset createdAt, DateTimeOffset? lastLoginAt)
        {
            UserId = userId;
            Username = username;
            Level = level;
            Hwid = hwid;
            ExpiresAt = expiresAt;
            CreatedAt = createdAt;
            LastLoginAt = lastLoginAt;
        }

        internal static User Read(IntPtr user)
        {
            var r = new StructReader(user);
            var userId = r.String();
            var username = r.String();
            var level = r.CLong();
            var hwid = r.String();
            var expiresAt = Time.Parse(r.String());
            var createdAt = Time.Parse(r.String()) ?? DateTimeOffset.MinValue;
            var lastLoginAt = Time.Parse(r.String());
            return new User(userId, username, level, hwid, expiresAt, createdAt, lastLoginAt);
        }
    }

    /// <summary>A session the client holds after register, login or license.</summary>
    public sealed class Session
    {
        /// <summary>Keep it (with <see cref="Ticket"/>) to continue the session in a later run: <see cref="LatchkeyClient.UseSession"/>.</summary>
        public string Token { get; }

        /// <summary>When the session ends unless renewed by activity (heartbeats).</summary>
        public DateTimeOffset ExpiresAt { get; }

        public User User { get; }

        /// <summary>The offline ticket; null when the app hands none out.</summary>
        public string Ticket { get; }

        private Session(string token, DateTimeOffset expiresAt, User user, string ticket)
        {
            Token = token;
            ExpiresAt = expiresAt;
            User = user;
            Ticket = ticket;
        }

        internal static Session Read(IntPtr session)
        {
            var r = new StructReader(session);
            var token = r.String();
            var expiresAt = Time.Parse(r.String()) ?? DateTimeOffset.MinValue;
            var user = r.Pointer();
            var ticket = r.String();
            return new Session(token, expiresAt, user == IntPtr.Zero ? null : User.Read(user), ticket);
        }
    }

    /// <summary>One of the session user's own variables.</summary>
    public sealed class UserVariable
    {
        public string Key { get; }
        public string Value { get; }

        internal UserVariable(string key, string value)
        {
            Key = key;
            Value = value;
        }
    }

    /// <summary>What a download fetched: its size and SHA-256 were checked against the signed answer.</summary>
    public sealed class DownloadedFile
    {
        public string FileId { get; }
        public string Name { get; }
        public long Size { get; }

        /// <summary>Hex SHA-256 of the plaintext, as signed and checked.</summary>
        public string Sha256 { get; }

        public bool Encrypted { get; }

        private DownloadedFile(string fileId, string name, long size, string sha256, bool encrypted)
        {
            FileId = fileId;
            Name = name;
            Size = size;
            Sha256 = sha256;
            Encrypted = encrypted;
        }

        internal static DownloadedFile Read(IntPtr info)
        {
            var r = new StructReader(info);
            var fileId = r.String();
            var name = r.String();
            var size = r.Int64();
            var sha256 = r.String();
            var encrypted = r.Int32() != 0;
            return new DownloadedFile(fileId, name, size, sha256, encrypted);
        }
    }

    /// <summary>The claims of an offline ticket that verified.</summary>
    public sealed class TicketClaims
    {
        /// <summary>The appId.</summary>
        public string Issuer { get; }

        /// <summary>The userId.</summary>
        public string Subject { get; }

        public string SessionId { get; }
        public long Level { get; }

        /// <summary>Null when the ticket is bound to no machine.</summary>
        public string Hwid { get; }

        public DateTimeOffset IssuedAt { get; }

        /// <summary>Valid offline until then.</summary>
        public DateTimeOffset ExpiresAt { get; }

        private TicketClaims(string issuer, string subject, string sessionId, long level, string hwid,
            DateTimeOffset issuedAt, DateTimeOffset expiresAt)
        {
            Issuer = issuer;
            Subject = subject;
            SessionId = sessionId;
            Level = level;
            Hwid = hwid;
            IssuedAt = issuedAt;
            ExpiresAt = expiresAt;
        }

        internal static TicketClaims Read(IntPtr claims)
        {
            var r = new StructReader(claims);
            var iss = r.String();
            var sub = r.String();
            var sid = r.String();
            var level = r.CLong();
            var hwid = r.String();
            var iat = DateTimeOffset.FromUnixTimeSeconds(r.Int64());
            var exp = DateTimeOffset.FromUnixTimeSeconds(r.Int64());
            return new TicketClaims(iss, sub, sid, level, hwid, iat, exp);
        }
    }

    internal static class Time
    {
        /// <summary>The service's ISO 8601 timestamps (UTC); null stays null.</summary>
        internal static DateTimeOffset? Parse(string text)
        {
            if (text == null) return null;
            return DateTimeOffset.Parse(text, CultureInfo.InvariantCulture,
                DateTimeStyles.AssumeUniversal | DateTimeStyles.AdjustToUniversal);
        }
    }
}
