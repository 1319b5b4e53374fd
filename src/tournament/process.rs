//! An engine in another process, as a player: our protocol (`sei`) or the UCC 2012 one.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::board::Color;
use crate::referee::{Clock, PlayerFault};

/// Which protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    /// Ours (`protocol.md`).
    Sei,
    /// The UCC 2012 Stratego competition's (`docs/ucc.md`).
    Ucc,
}

/// How to start an engine and what to tell it: `cmd=PATH name=N dir=D arg=A proto=sei|ucc
/// option.Name=Value`, as on the `match` command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub cmd: String,
    pub name: String,
    pub dir: Option<PathBuf>,
    pub args: Vec<String>,
    pub proto: Proto,
    pub options: Vec<(String, String)>,
}

impl EngineSpec {
    /// Reads `key=value` tokens; `cmd` is required.
    pub fn parse<S: AsRef<str>>(tokens: &[S]) -> Result<EngineSpec, String> {
        let mut spec = EngineSpec {
            cmd: String::new(),
            name: String::new(),
            dir: None,
            args: Vec::new(),
            proto: Proto::Sei,
            options: Vec::new(),
        };
        for t in tokens {
            let t = t.as_ref();
            let (key, value) = t.split_once('=').ok_or_else(|| {
                format!("'{t}' is not key=value (cmd=, name=, dir=, arg=, proto=, option.NAME=)")
            })?;
            match key {
                "cmd" => spec.cmd = value.to_string(),
                "name" => spec.name = value.to_string(),
                "dir" => spec.dir = Some(PathBuf::from(value)),
                "arg" => spec.args.push(value.to_string()),
                "proto" => {
                    spec.proto = match value {
                        "sei" => Proto::Sei,
                        "ucc" => Proto::Ucc,
                        _ => return Err(format!("proto '{value}': expected sei or ucc")),
                    }
                }
                _ => match key.strip_prefix("option.") {
                    Some(name) if !name.is_empty() => {
                        spec.options.push((name.to_string(), value.to_string()))
                    }
                    _ => return Err(format!("unknown engine setting '{key}'")),
                },
            }
        }
        if spec.cmd.is_empty() {
            return Err("an engine needs cmd=PATH".into());
        }
        if spec.name.is_empty() {
            spec.name = std::path::Path::new(&spec.cmd)
                .file_name()
                .map_or_else(|| spec.cmd.clone(), |n| n.to_string_lossy().into_owned());
        }
        Ok(spec)
    }
}

/// A running child process with its output lines arriving on a channel.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Process {
    pub fn start(spec: &EngineSpec) -> Result<Process, PlayerFault> {
        let mut command = Command::new(&spec.cmd);
        command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        let mut child = command
            .spawn()
            .map_err(|e| PlayerFault::Crashed(format!("cannot start '{}': {e}", spec.cmd)))?;
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| PlayerFault::Crashed("no stdout".into()))?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(Process {
            child,
            stdin,
            lines: rx,
        })
    }

    pub fn send(&mut self, line: &str) -> Result<(), PlayerFault> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| PlayerFault::Crashed("input closed".into()))?;
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .map_err(|e| PlayerFault::Crashed(format!("cannot write to it: {e}")))
    }

    /// The next line within `deadline`.
    pub fn read_line(&mut self, deadline: Instant) -> Result<String, PlayerFault> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => Err(PlayerFault::TimedOut),
            Err(RecvTimeoutError::Disconnected) => {
                let status = self.child.try_wait().ok().flatten();
                Err(PlayerFault::Crashed(match status {
                    Some(s) => format!("exited, {s}"),
                    None => "closed its output".into(),
                }))
            }
        }
    }

    /// Reads until a line for which `accept` gives a value, within `deadline`.
    pub fn read_until<T>(
        &mut self,
        deadline: Instant,
        mut accept: impl FnMut(&str) -> Option<T>,
    ) -> Result<T, PlayerFault> {
        loop {
            let line = self.read_line(deadline)?;
            if let Some(v) = accept(&line) {
                return Ok(v);
            }
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.send("quit");
        self.stdin = None;
        // Give it a moment to leave on its own, then make sure.
        let until = Instant::now() + Duration::from_millis(200);
        while Instant::now() < until {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The deadline for a move under `clock`.
pub fn move_deadline(clock: &Clock) -> Instant {
    Instant::now() + clock.limit()
}

/// The colour name in our protocol.
pub fn color_word(c: Color) -> &'static str {
    c.name()
}
