#version 330
// Lighting is done per vertex (flat normals: exact per face), see pieces.vert.
flat in vec4 v_front;
flat in vec4 v_back;
out vec4 f_color;

void main() {
    f_color = gl_FrontFacing ? v_front : v_back;
}
