//! Where a simulated Linux program's standard output and error go: buffers Python reads.

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

/// A byte sink shared between the simulated process (which writes) and the binding (which
/// reads it back).
#[derive(Clone, Default)]
pub struct Captured(Rc<RefCell<Vec<u8>>>);

impl Captured {
    /// Everything written so far.
    pub fn bytes(&self) -> Vec<u8> {
        self.0.borrow().clone()
    }

    /// A writer into this buffer, for `redirect_output`.
    pub fn sink(&self) -> Box<dyn Write> {
        Box::new(self.clone())
    }
}

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
